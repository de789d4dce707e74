import { randomInt } from "node:crypto";

/** `n` random decimal digits from the CSPRNG (first digit may be 0). */
export function randomDigits(n: number): string {
  let out = "";
  while (out.length < n) out += randomInt(0, 1_000_000_000).toString().padStart(9, "0");
  return out.slice(0, n);
}

/** SNAP writes partnerServiceId as 8 characters, left-padded with spaces. */
export function padServiceId(id: string): string {
  return id.trim().padStart(8, " ");
}

/** Gateway-side references: date prefix for humans, random digits for uniqueness. */
export function referenceNo(prefix: string, now: Date): string {
  const day = now.toISOString().slice(2, 10).replace(/-/g, "");
  return `${prefix}${day}${randomDigits(12)}`;
}

/** A VA number as notifications may write it (leading spaces or none) → its digits. */
export function vaDigits(virtualAccountNo: string): string {
  return virtualAccountNo.replace(/\s+/g, "");
}
