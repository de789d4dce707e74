import path from "node:path";
import { z } from "zod";

/**
 * Process configuration, validated once at start. Everything the server reads from the
 * environment goes through here so a typo fails loudly instead of silently defaulting.
 */
/** An empty variable means "not set", as shells and CI files often write it. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")),
  PUBLIC_BASE_URL: optional(z.string().url()),
  GATEWAY_BASE_URL: optional(z.string().url()),
  SANDBOX_CALLBACK_BASE_URL: optional(z.string().url()),
  /** `sandbox` allows loopback callback targets and the payment simulator. */
  GATEWAY_MODE: z.enum(["sandbox", "production"]).default("sandbox"),
  /** base64 of 32 bytes; or a file holding it (a mounted secret). Required in production. */
  GATEWAY_MASTER_KEY: optional(z.string()),
  GATEWAY_MASTER_KEY_FILE: optional(z.string()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Requests per second per partner on the signed family (token bucket, burst = 2 s). */
  RATE_LIMIT_RPS: z.coerce.number().positive().default(2000),
  TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  /** Access tokens kept in memory (the rest are read from the database on use). */
  TOKEN_CACHE_MAX: z.coerce.number().int().positive().default(20_000),
  TIMESTAMP_SKEW_SECONDS: z.coerce.number().int().positive().default(300),
  /** Seconds before retry 1, 2, … of a callback; the default spans more than 24 h. */
  CALLBACK_RETRY_SCHEDULE: optional(z.string().regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, "comma-separated seconds")),
  CALLBACK_POLL_MS: z.coerce.number().int().positive().default(1000),
  CALLBACK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  CALLBACK_LEASE_MS: z.coerce.number().int().positive().default(60_000),
  PG_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** The hosted checkout's own client credentials (written by the sandbox seed). */
  CHECKOUT_CREDENTIALS_FILE: optional(z.string().min(1)),
  /** Where the checkout's sandbox panel finds the acquirer's credentials. */
  SANDBOX_CREDENTIALS_FILE: optional(z.string().min(1)),
  NODE_ENV: optional(z.enum(["development", "production", "test"])),
  /** Live link events (docs/live-events.md): open streams per process, per client address, heartbeat. */
  LIVE_STREAMS_MAX: z.coerce.number().int().min(0).default(20_000),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(0).default(64),
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(1_000).default(15_000),
  /** How the checkout's clients reach a gateway in the same process (lib/contract/in-process-transport.ts). */
  CHECKOUT_TRANSPORT: z.enum(["in-process", "http"]).default("in-process"),
  /** Checkout-only mode: where payers' browsers reach the gateway's event streams. */
  GATEWAY_PUBLIC_URL: optional(z.string().url()),
  /** Server processes sharing the port (node:cluster); default: the cores on PostgreSQL, 1 on PGlite. */
  WEB_CONCURRENCY: optional(z.coerce.number().int().min(1).max(256)),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicBaseUrl: string;
  gatewayBaseUrl: string;
  sandboxCallbackBaseUrl: string | undefined;
  mode: "sandbox" | "production";
  /** Where the master key comes from; read by lib/gateway/vault.ts, never logged. */
  masterKey: { value: string | undefined; file: string | undefined };
  /**
   * Who answers card payments. `sandbox`: the test cards and the 3-D Secure simulator. No
   * real processor is integrated, so production has none and the card group is inactive.
   */
  cardProcessor: "sandbox" | null;
  /** Was PUBLIC_BASE_URL set, or is it the default (production refuses the default)? */
  publicBaseUrlSet: boolean;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  rateLimitRps: number;
  tokenTtlSeconds: number;
  tokenCacheMax: number;
  timestampSkewSeconds: number;
  callbacks: { retrySchedule: number[] | null; pollMs: number; timeoutMs: number; leaseMs: number };
  pgPoolMax: number;
  checkoutCredentialsFile: string;
  sandboxCredentialsFile: string;
  dev: boolean;
  liveEvents: { maxStreams: number; maxPerAddress: number; heartbeatMs: number };
  /** Requested server processes; `lib/server/cluster.ts` decides (PGlite allows only one). */
  webConcurrency: number | undefined;
  checkoutTransport: "in-process" | "http";
  gatewayPublicUrl: string | undefined;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const [first, ...more] = parsed.error.issues;
    const also = more.map((i) => `; ${i.path.join(".")}: ${i.message}`).join("");
    throw new StartupRefusal(first!.path.join("."), `${first!.message}${also}`);
  }
  const e = parsed.data;
  const publicBaseUrl = stripSlash(e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`);
  const dataDir = path.resolve(/*turbopackIgnore: true*/ e.DATA_DIR);
  const inDataDir = (file: string | undefined, name: string) =>
    file ? path.resolve(/*turbopackIgnore: true*/ file) : path.join(/*turbopackIgnore: true*/ dataDir, name);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicBaseUrl,
    gatewayBaseUrl: stripSlash(e.GATEWAY_BASE_URL ?? `http://127.0.0.1:${e.PORT}`),
    sandboxCallbackBaseUrl: e.SANDBOX_CALLBACK_BASE_URL && stripSlash(e.SANDBOX_CALLBACK_BASE_URL),
    mode: e.GATEWAY_MODE,
    masterKey: {
      value: e.GATEWAY_MASTER_KEY,
      file: e.GATEWAY_MASTER_KEY_FILE && path.resolve(/*turbopackIgnore: true*/ e.GATEWAY_MASTER_KEY_FILE),
    },
    cardProcessor: e.GATEWAY_MODE === "sandbox" ? "sandbox" : null,
    publicBaseUrlSet: !!e.PUBLIC_BASE_URL,
    logLevel: e.LOG_LEVEL,
    rateLimitRps: e.RATE_LIMIT_RPS,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    tokenCacheMax: e.TOKEN_CACHE_MAX,
    timestampSkewSeconds: e.TIMESTAMP_SKEW_SECONDS,
    callbacks: {
      retrySchedule: e.CALLBACK_RETRY_SCHEDULE ? e.CALLBACK_RETRY_SCHEDULE.split(",").map(Number) : null,
      pollMs: e.CALLBACK_POLL_MS,
      timeoutMs: e.CALLBACK_TIMEOUT_MS,
      leaseMs: Math.max(e.CALLBACK_LEASE_MS, e.CALLBACK_TIMEOUT_MS * 2),
    },
    pgPoolMax: e.PG_POOL_MAX,
    checkoutCredentialsFile: inDataDir(e.CHECKOUT_CREDENTIALS_FILE, "checkout-client.json"),
    sandboxCredentialsFile: inDataDir(e.SANDBOX_CREDENTIALS_FILE, "sandbox-credentials.json"),
    dev: e.NODE_ENV === "development",
    liveEvents: { maxStreams: e.LIVE_STREAMS_MAX, maxPerAddress: e.LIVE_STREAMS_PER_ADDRESS, heartbeatMs: e.LIVE_HEARTBEAT_MS },
    webConcurrency: e.WEB_CONCURRENCY,
    checkoutTransport: e.CHECKOUT_TRANSPORT,
    gatewayPublicUrl: e.GATEWAY_PUBLIC_URL && stripSlash(e.GATEWAY_PUBLIC_URL),
  };
}

/**
 * A setting the process will not start with: `setting` names what to change, `reason` says
 * why and how. main() prints it as one line and exits non-zero.
 */
export class StartupRefusal extends Error {
  constructor(
    readonly setting: string,
    readonly reason: string,
  ) {
    super(`${setting}: ${reason}`);
    this.name = "StartupRefusal";
  }
}

/**
 * What production refuses before touching the database. The master key is checked where it
 * is read (lib/gateway/vault.ts) and against the database (lib/gateway/keyring.ts).
 */
export function checkProductionConfig(config: Config): void {
  if (config.mode !== "production") return;
  if (!config.publicBaseUrlSet) {
    throw new StartupRefusal(
      "PUBLIC_BASE_URL",
      "required in production: the https:// address payers and merchants reach (it is in every payment link)",
    );
  }
  if (!config.publicBaseUrl.startsWith("https://")) {
    throw new StartupRefusal(
      "PUBLIC_BASE_URL",
      `must be https:// in production: payment-link secrets and session cookies travel in it (got ${new URL(config.publicBaseUrl).origin})`,
    );
  }
  if (config.sandboxCallbackBaseUrl) {
    throw new StartupRefusal(
      "SANDBOX_CALLBACK_BASE_URL",
      "sandbox only: production seeds no demo merchant; unset it (merchants get their callback URL when provisioned)",
    );
  }
}

let current: Config | undefined;

/**
 * The configuration of this process, validated on first use; the gateway's boot and the Next
 * side (pages, actions, proxy) read the same environment through it. A bad value stops the
 * process at start (lib/server/boot.ts calls this before anything listens).
 */
export function config(): Config {
  current ??= loadConfig(process.env);
  return current;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
