import { z } from "zod";

/**
 * A payment link's `paymentFlagStatus` and the reason written beside it (docs/contract.md):
 * 00 paid, 01 rejected, 02 pending, 03 expired. One definition for every answer, callback and
 * live event that carries a link's flag.
 */
export const FlagStatus = z.enum(["00", "01", "02", "03"]);
export type FlagStatus = z.infer<typeof FlagStatus>;

export const FLAG_REASONS: Record<FlagStatus, { english: string; indonesia: string }> = {
  "00": { english: "Success", indonesia: "Sukses" },
  "01": { english: "Rejected", indonesia: "Ditolak" },
  "02": { english: "Pending", indonesia: "Menunggu" },
  "03": { english: "Expired", indonesia: "Kedaluwarsa" },
};
