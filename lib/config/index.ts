import "@/lib/server-only";
import fs from "node:fs";
import { createPrivateKey } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { BaseUrl } from "@/lib/contract/common";

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
  PUBLIC_BASE_URL: optional(BaseUrl),
  GATEWAY_BASE_URL: optional(BaseUrl),
  SANDBOX_CALLBACK_BASE_URL: optional(BaseUrl),
  /** `sandbox` allows loopback callback targets and the payment simulator. */
  GATEWAY_MODE: z.enum(["sandbox", "production"]).default("sandbox"),
  /** base64 of 32 bytes; or a file holding it (a mounted secret). Required in production. */
  GATEWAY_MASTER_KEY: optional(z.string()),
  GATEWAY_MASTER_KEY_FILE: optional(z.string()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Requests per second per partner on the signed family (token bucket, burst = 2 s). Below
   * what one instance serves (docs/benchmarks.md: ~750 signed Inquiries/s on PGlite, ~1,900 on
   * PostgreSQL), so one partner cannot take the whole instance from the others.
   */
  RATE_LIMIT_RPS: z.coerce.number().positive().default(200),
  /** Per-address limits on the unauthenticated surfaces: requests per window; 0 = off. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  RATE_LIMIT_CHECKOUT: z.coerce.number().int().min(0).default(600),
  RATE_LIMIT_TOKEN: z.coerce.number().int().min(0).default(300),
  RATE_LIMIT_CONFIRM: z.coerce.number().int().min(0).default(300),
  RATE_LIMIT_CARD: z.coerce.number().int().min(0).default(300),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(0).default(20),
  /** Reverse proxies in front that append to X-Forwarded-For (0: the socket's peer is the client). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** `{pay_url}` of payment-link URIs when the checkout runs elsewhere (default PUBLIC_BASE_URL). */
  PAY_BASE_URL: optional(BaseUrl),
  TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  /** Access tokens kept in memory (the rest are read from the database on use). */
  TOKEN_CACHE_MAX: z.coerce.number().int().positive().default(20_000),
  TIMESTAMP_SKEW_SECONDS: z.coerce.number().int().positive().default(300),
  /** Seconds before retry 1, 2, … of a callback; the default spans more than 24 h. */
  CALLBACK_RETRY_SCHEDULE: optional(z.string().regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, "comma-separated seconds")),
  CALLBACK_POLL_MS: z.coerce.number().int().positive().default(1000),
  CALLBACK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** DNS lookup and TCP/TLS connect of a callback (and the create-time check's lookup). */
  CALLBACK_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3_000),
  CALLBACK_LEASE_MS: z.coerce.number().int().positive().default(60_000),
  /** Callback checks (docs/callback-check.md) per merchant per window, counted across instances. */
  CALLBACK_CHECK_LIMIT: z.coerce.number().int().min(1).max(1000).default(10),
  CALLBACK_CHECK_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  PG_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** How long a replaced `sk_` key or client secret keeps working after a rotation. */
  KEY_ROTATION_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3600)
    .default(24 * 3600),
  /** Console sessions end after this long without a request, and at the latest after the second. */
  CONSOLE_SESSION_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 60),
  CONSOLE_SESSION_MAX_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 3600),
  /** The hosted checkout's own client credentials (written by the sandbox seed). */
  CHECKOUT_CREDENTIALS_FILE: optional(z.string().min(1)),
  /** Where the checkout's sandbox panel finds the acquirer's credentials. */
  SANDBOX_CREDENTIALS_FILE: optional(z.string().min(1)),
  NODE_ENV: optional(z.enum(["development", "production", "test"])),
  /** Live link events (docs/live-events.md): open streams per process, per client address, heartbeat. */
  LIVE_STREAMS_MAX: z.coerce.number().int().min(0).default(20_000),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(0).default(64),
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(1_000).default(15_000),
  /** How the checkout's clients reach a gateway in the same process (lib/connector/in-process-transport.ts). */
  CHECKOUT_TRANSPORT: z.enum(["in-process", "http"]).default("in-process"),
  /** Checkout-only mode: where payers' browsers reach the gateway's event streams. */
  GATEWAY_PUBLIC_URL: optional(BaseUrl),
  /** A wallet's push request (OVO) lapses after this long unapproved (docs/contract.md §8). */
  WALLET_PUSH_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Server processes sharing the port (node:cluster); default: the cores on PostgreSQL, 1 on PGlite. */
  WEB_CONCURRENCY: optional(z.coerce.number().int().min(1).max(256)),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicBaseUrl: string;
  payBaseUrl: string;
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
  /**
   * Who answers e-wallet payments. `sandbox`: the gateway plays the wallet (its own
   * authorization page, approvals from the simulator). No real provider is integrated, so
   * production has none and the e-wallet group is inactive (docs/wallets.md).
   */
  walletProvider: "sandbox" | null;
  /** Seconds before an unapproved push request (OVO) lapses. */
  walletPushTtlSeconds: number;
  /** Was PUBLIC_BASE_URL set, or is it the default (production refuses the default)? */
  publicBaseUrlSet: boolean;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  rateLimitRps: number;
  /** Per surface of lib/limits: requests per address per window (0 = off). */
  addressLimits: {
    windowSeconds: number;
    limits: Record<"checkout" | "token" | "confirm" | "card" | "signIn", number>;
    trustedProxies: number;
  };
  /** Set: this process is the checkout only, in front of the gateway at `gatewayBaseUrl`. */
  checkoutOnly: CheckoutCredentials | null;
  tokenTtlSeconds: number;
  tokenCacheMax: number;
  timestampSkewSeconds: number;
  callbacks: {
    retrySchedule: number[] | null;
    pollMs: number;
    timeoutMs: number;
    connectTimeoutMs: number;
    leaseMs: number;
  };
  /** Callback checks a merchant may run per window (each posts its endpoint six times). */
  callbackChecks: { limit: number; windowSeconds: number };
  pgPoolMax: number;
  keyRotationGraceSeconds: number;
  consoleSession: { idleSeconds: number; maxSeconds: number };
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
  const checkoutOnly = checkoutCredentialsFromEnv(env);
  if (checkoutOnly) {
    const problems: Problem[] = [];
    if (!e.GATEWAY_BASE_URL)
      problems.push(["GATEWAY_BASE_URL", "required with checkout credentials (where the gateway is)"]);
    if (e.DATABASE_URL) problems.push(["DATABASE_URL", "a checkout-only process opens no database; unset it"]);
    refuseIfAny(problems);
  }
  const limits = {
    checkout: e.RATE_LIMIT_CHECKOUT,
    token: e.RATE_LIMIT_TOKEN,
    confirm: e.RATE_LIMIT_CONFIRM,
    card: e.RATE_LIMIT_CARD,
    signIn: e.RATE_LIMIT_SIGN_IN,
  };
  const dataDir = path.resolve(/*turbopackIgnore: true*/ e.DATA_DIR);
  const inDataDir = (file: string | undefined, name: string) =>
    file ? path.resolve(/*turbopackIgnore: true*/ file) : path.join(/*turbopackIgnore: true*/ dataDir, name);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicBaseUrl,
    payBaseUrl: e.PAY_BASE_URL ? stripSlash(e.PAY_BASE_URL) : publicBaseUrl,
    gatewayBaseUrl: stripSlash(e.GATEWAY_BASE_URL ?? `http://127.0.0.1:${e.PORT}`),
    sandboxCallbackBaseUrl: e.SANDBOX_CALLBACK_BASE_URL && stripSlash(e.SANDBOX_CALLBACK_BASE_URL),
    mode: e.GATEWAY_MODE,
    masterKey: {
      value: e.GATEWAY_MASTER_KEY,
      file: e.GATEWAY_MASTER_KEY_FILE && path.resolve(/*turbopackIgnore: true*/ e.GATEWAY_MASTER_KEY_FILE),
    },
    cardProcessor: e.GATEWAY_MODE === "sandbox" ? "sandbox" : null,
    walletProvider: e.GATEWAY_MODE === "sandbox" ? "sandbox" : null,
    walletPushTtlSeconds: e.WALLET_PUSH_TTL_SECONDS,
    publicBaseUrlSet: !!e.PUBLIC_BASE_URL,
    logLevel: e.LOG_LEVEL,
    rateLimitRps: e.RATE_LIMIT_RPS,
    addressLimits: { windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS, limits, trustedProxies: e.TRUST_PROXY },
    checkoutOnly,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    tokenCacheMax: e.TOKEN_CACHE_MAX,
    timestampSkewSeconds: e.TIMESTAMP_SKEW_SECONDS,
    callbacks: {
      retrySchedule: e.CALLBACK_RETRY_SCHEDULE ? e.CALLBACK_RETRY_SCHEDULE.split(",").map(Number) : null,
      pollMs: e.CALLBACK_POLL_MS,
      timeoutMs: e.CALLBACK_TIMEOUT_MS,
      connectTimeoutMs: Math.min(e.CALLBACK_CONNECT_TIMEOUT_MS, e.CALLBACK_TIMEOUT_MS),
      leaseMs: Math.max(e.CALLBACK_LEASE_MS, e.CALLBACK_TIMEOUT_MS * 2),
    },
    callbackChecks: { limit: e.CALLBACK_CHECK_LIMIT, windowSeconds: e.CALLBACK_CHECK_WINDOW_SECONDS },
    pgPoolMax: e.PG_POOL_MAX,
    keyRotationGraceSeconds: e.KEY_ROTATION_GRACE_SECONDS,
    consoleSession: { idleSeconds: e.CONSOLE_SESSION_IDLE_SECONDS, maxSeconds: e.CONSOLE_SESSION_MAX_SECONDS },
    checkoutCredentialsFile: inDataDir(e.CHECKOUT_CREDENTIALS_FILE, "checkout-client.json"),
    sandboxCredentialsFile: inDataDir(e.SANDBOX_CREDENTIALS_FILE, "sandbox-credentials.json"),
    dev: e.NODE_ENV === "development",
    liveEvents: {
      maxStreams: e.LIVE_STREAMS_MAX,
      maxPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
      heartbeatMs: e.LIVE_HEARTBEAT_MS,
    },
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

/** A setting and what is wrong with it. */
type Problem = [setting: string, reason: string];

/** One refusal naming the first problem, with the others after it (as for the schema's issues). */
function refuseIfAny(problems: Problem[]): void {
  if (!problems.length) return;
  const [[setting, reason], ...more] = problems as [Problem, ...Problem[]];
  throw new StartupRefusal(setting, `${reason}${more.map(([s, r]) => `; ${s}: ${r}`).join("")}`);
}

/** The same machine: a gateway reached over loopback needs no TLS. */
function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * What production refuses before touching the database. The master key is checked where it
 * is read (lib/gateway/vault.ts) and against the database (lib/gateway/merchants/keyring.ts).
 */
export function checkProductionConfig(config: Config): void {
  if (config.mode !== "production") return;
  if (!config.publicBaseUrlSet) {
    throw new StartupRefusal(
      "PUBLIC_BASE_URL",
      "required in production: the https:// address payers and merchants reach (it is in every payment link)",
    );
  }
  const problems: Problem[] = [];
  const https = (setting: string, url: string | undefined, why: string) => {
    if (url === undefined) return;
    const parsed = new URL(url);
    if (parsed.protocol !== "https:")
      problems.push([setting, `must be https:// in production: ${why} (got ${parsed.origin})`]);
  };
  https("PUBLIC_BASE_URL", config.publicBaseUrl, "payment-link secrets and session cookies travel in it");
  if (config.payBaseUrl !== config.publicBaseUrl)
    https("PAY_BASE_URL", config.payBaseUrl, "every payment link, with its secret, is on it");
  https("GATEWAY_PUBLIC_URL", config.gatewayPublicUrl, "the checkout's pages hold their live-event tokens to it");
  // The checkout-only process signs with its keys and sends its sk_ key to the gateway.
  if (config.checkoutOnly && !isLoopbackUrl(config.gatewayBaseUrl))
    https("GATEWAY_BASE_URL", config.gatewayBaseUrl, "the checkout's secret key and signed requests travel to it");
  refuseIfAny(problems);
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

/**
 * This process is the sandbox: demo data, test cards and simulators exist, and the pages may
 * say so. Production mode says none of it (docs/contract.md §6.1).
 */
export function sandboxMode(): boolean {
  return config().mode !== "production";
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** The hosted checkout's own merchant-side credentials at the gateway. */
export interface CheckoutCredentials {
  partnerId: string;
  clientKey: string;
  clientSecret: string;
  channelId: string;
  privateKeyPem: string;
  /** Its /v1 secret key (creates card intents for links). */
  secretKey: string;
}

/** The variables that make a process checkout-only; any one set asks for all. */
const CHECKOUT_VARS = [
  "CHECKOUT_PARTNER_ID",
  "CHECKOUT_CLIENT_KEY",
  "CHECKOUT_CLIENT_SECRET",
  "CHECKOUT_CLIENT_SECRET_FILE",
  "CHECKOUT_PRIVATE_KEY_FILE",
  "CHECKOUT_SECRET_KEY",
  "CHECKOUT_SECRET_KEY_FILE",
];

/**
 * The checkout's credentials from the environment: ids as values, secrets as values or (better,
 * e.g. Docker/Kubernetes secrets) as `*_FILE` paths, the RSA private key as a PEM file. Null
 * when none is set (the checkout then reads `checkout-client.json` written by the sandbox
 * seed); an error naming every missing or unreadable one when only some are.
 */
export function checkoutCredentialsFromEnv(env: NodeJS.ProcessEnv = process.env): CheckoutCredentials | null {
  const set = (name: string) => (env[name] ?? "") !== "";
  if (!CHECKOUT_VARS.some(set)) return null;
  const problems: Problem[] = [];
  const value = (name: string): string => {
    if (set(name)) return env[name]!.trim();
    problems.push([name, "required for a checkout-only process"]);
    return "";
  };
  const secret = (name: string): string => {
    const file = env[`${name}_FILE`];
    if (set(name) && file) problems.push([`${name} and ${name}_FILE`, "set one, not both"]);
    if (set(name)) return env[name]!.trim();
    if (!file) {
      problems.push([`${name}_FILE (or ${name})`, "required for a checkout-only process"]);
      return "";
    }
    return readSecretFile(`${name}_FILE`, file, problems);
  };
  const creds: CheckoutCredentials = {
    partnerId: value("CHECKOUT_PARTNER_ID"),
    clientKey: value("CHECKOUT_CLIENT_KEY"),
    clientSecret: secret("CHECKOUT_CLIENT_SECRET"),
    channelId: (env.CHECKOUT_CHANNEL_ID ?? "") || "95221",
    privateKeyPem: env.CHECKOUT_PRIVATE_KEY_FILE
      ? readSecretFile("CHECKOUT_PRIVATE_KEY_FILE", env.CHECKOUT_PRIVATE_KEY_FILE, problems)
      : (problems.push(["CHECKOUT_PRIVATE_KEY_FILE", "required (PEM, the key whose public half the gateway holds)"]),
        ""),
    secretKey: secret("CHECKOUT_SECRET_KEY"),
  };
  if (creds.privateKeyPem) {
    try {
      createPrivateKey(creds.privateKeyPem);
    } catch {
      problems.push(["CHECKOUT_PRIVATE_KEY_FILE", "not a PEM private key"]);
    }
  }
  if (creds.secretKey && !/^sk_[A-Za-z0-9_-]{8,200}$/.test(creds.secretKey))
    problems.push(["CHECKOUT_SECRET_KEY", "not a secret key (sk_…)"]);
  refuseIfAny(problems);
  return creds;
}

function readSecretFile(name: string, file: string, problems: Problem[]): string {
  try {
    const text = fs.readFileSync(/*turbopackIgnore: true*/ path.resolve(/*turbopackIgnore: true*/ file), "utf8").trim();
    if (!text) problems.push([name, `${file} is empty`]);
    return text;
  } catch (err) {
    problems.push([name, `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? "error"})`]);
    return "";
  }
}
