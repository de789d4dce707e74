import pino, { type Logger } from "pino";

/**
 * Structured logs. Secrets never reach a line: known secret-bearing keys are redacted by
 * path, and any URL-ish string is scrubbed of `secret=` query values by the serializer.
 */
const REDACT_PATHS = [
  "*.authorization",
  "*.Authorization",
  "*.x-signature",
  "*.X-SIGNATURE",
  "*.x-secret-key",
  "*.x-client-key",
  "*.cookie",
  "*.clientSecret",
  "*.secretKey",
  "*.privateKeyPem",
  "*.accessToken",
  "*.password",
  "*.card",
  "*.cvc",
  "*.number",
  "headers.authorization",
  "headers.cookie",
  "headers.x-signature",
  "headers.x-secret-key",
];

export function scrubUrl(url: string): string {
  return url.replace(/([?&](?:secret|clientSecret|client_secret)=)[^&#\s]*/gi, "$1[REDACTED]");
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: "[REDACTED]" },
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        // Every string argument is scrubbed so a stray URL with ?secret= cannot leak.
        logMethod(args, method) {
          const scrubbed = args.map((a) => (typeof a === "string" ? scrubUrl(a) : a));
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
      serializers: {
        url: (u: unknown) => (typeof u === "string" ? scrubUrl(u) : u),
        path: (u: unknown) => (typeof u === "string" ? scrubUrl(u) : u),
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
