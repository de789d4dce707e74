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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Requests per second per partner on the signed family (token bucket, burst = 2 s). */
  RATE_LIMIT_RPS: z.coerce.number().positive().default(2000),
  TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  TIMESTAMP_SKEW_SECONDS: z.coerce.number().int().positive().default(300),
  /** Seconds before retry 1, 2, … of a callback; the default spans more than 24 h. */
  CALLBACK_RETRY_SCHEDULE: optional(z.string().regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, "comma-separated seconds")),
  CALLBACK_POLL_MS: z.coerce.number().int().positive().default(1000),
  CALLBACK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  CALLBACK_LEASE_MS: z.coerce.number().int().positive().default(60_000),
  PG_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** How long a replaced `sk_` key or client secret keeps working after a rotation. */
  KEY_ROTATION_GRACE_SECONDS: z.coerce.number().int().min(0).max(30 * 24 * 3600).default(24 * 3600),
  /** Console sessions end after this long without a request, and at the latest after the second. */
  CONSOLE_SESSION_IDLE_SECONDS: z.coerce.number().int().positive().default(30 * 60),
  CONSOLE_SESSION_MAX_SECONDS: z.coerce.number().int().positive().default(12 * 3600),
  /** The hosted checkout's own client credentials (written by the sandbox seed). */
  CHECKOUT_CREDENTIALS_FILE: optional(z.string().min(1)),
  /** Where the checkout's sandbox panel finds the acquirer's credentials. */
  SANDBOX_CREDENTIALS_FILE: optional(z.string().min(1)),
  NODE_ENV: optional(z.enum(["development", "production", "test"])),
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
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  rateLimitRps: number;
  tokenTtlSeconds: number;
  timestampSkewSeconds: number;
  callbacks: { retrySchedule: number[] | null; pollMs: number; timeoutMs: number; leaseMs: number };
  pgPoolMax: number;
  keyRotationGraceSeconds: number;
  consoleSession: { idleSeconds: number; maxSeconds: number };
  checkoutCredentialsFile: string;
  sandboxCredentialsFile: string;
  dev: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
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
    logLevel: e.LOG_LEVEL,
    rateLimitRps: e.RATE_LIMIT_RPS,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    timestampSkewSeconds: e.TIMESTAMP_SKEW_SECONDS,
    callbacks: {
      retrySchedule: e.CALLBACK_RETRY_SCHEDULE ? e.CALLBACK_RETRY_SCHEDULE.split(",").map(Number) : null,
      pollMs: e.CALLBACK_POLL_MS,
      timeoutMs: e.CALLBACK_TIMEOUT_MS,
      leaseMs: Math.max(e.CALLBACK_LEASE_MS, e.CALLBACK_TIMEOUT_MS * 2),
    },
    pgPoolMax: e.PG_POOL_MAX,
    keyRotationGraceSeconds: e.KEY_ROTATION_GRACE_SECONDS,
    consoleSession: { idleSeconds: e.CONSOLE_SESSION_IDLE_SECONDS, maxSeconds: e.CONSOLE_SESSION_MAX_SECONDS },
    checkoutCredentialsFile: inDataDir(e.CHECKOUT_CREDENTIALS_FILE, "checkout-client.json"),
    sandboxCredentialsFile: inDataDir(e.SANDBOX_CREDENTIALS_FILE, "sandbox-credentials.json"),
    dev: e.NODE_ENV === "development",
  };
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
