import { SnapError } from "./codes";
import { parseIsoWithOffset } from "@/lib/contract/time";

/** Headers of the signed family, read case-insensitively (fetch Headers already are). */
export interface SnapHeaders {
  timestamp: string;
  timestampDate: Date;
  partnerId: string;
  externalId: string;
  channelId: string;
  signature: string | null;
  accessToken: string | null;
}

const ID_PATTERN = /^[A-Za-z0-9-]{1,36}$/;

type HeaderGetter = (name: string) => string | undefined | null;

/**
 * Field checks on the headers. The two authentication headers (Authorization and
 * X-SIGNATURE) are not checked here: a missing one is a 401, not a 400.
 */
export function readServiceHeaders(get: HeaderGetter): SnapHeaders {
  const timestamp = required(get, "X-TIMESTAMP");
  const partnerId = required(get, "X-PARTNER-ID");
  const externalId = required(get, "X-EXTERNAL-ID");
  const channelId = required(get, "CHANNEL-ID");
  const timestampDate = parseIsoWithOffset(timestamp);
  if (!timestampDate) throw new SnapError("invalidFieldFormat", "X-TIMESTAMP");
  for (const [name, value] of [
    ["X-PARTNER-ID", partnerId],
    ["X-EXTERNAL-ID", externalId],
    ["CHANNEL-ID", channelId],
  ] as const) {
    if (!ID_PATTERN.test(value)) throw new SnapError("invalidFieldFormat", name);
  }
  const authorization = get("authorization")?.trim() ?? "";
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
  return {
    timestamp,
    timestampDate,
    partnerId,
    externalId,
    channelId,
    signature: get("x-signature")?.trim() || null,
    accessToken: bearer?.[1] ?? null,
  };
}

function required(get: HeaderGetter, name: string): string {
  const value = get(name.toLowerCase())?.trim();
  if (!value) throw new SnapError("invalidMandatoryField", name);
  return value;
}

export function checkTimestampWindow(ts: Date, now: Date, skewSeconds: number): void {
  if (Math.abs(now.getTime() - ts.getTime()) > skewSeconds * 1000) {
    throw new SnapError("unauthorized", "X-TIMESTAMP outside the allowed window");
  }
}
