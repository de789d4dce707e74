/** Banks by their proper names (not translated); QRIS and card are methods, named by messages/. */
const NAMES: Record<string, string> = {
  bca: "BCA",
  bni: "BNI",
  bri: "BRI",
  mandiri: "Mandiri",
  permata: "Permata",
  cimb: "CIMB Niaga",
};

/** Banks with written payment steps in messages/ (BankSteps.*); the rest get the generic steps. */
export const BANKS_WITH_STEPS = ["bca", "bni", "bri", "mandiri"] as const;
export type StepsBank = (typeof BANKS_WITH_STEPS)[number] | "other";

export function stepsBank(bank: string): StepsBank {
  return (BANKS_WITH_STEPS as readonly string[]).includes(bank) ? (bank as StepsBank) : "other";
}

export function bankName(id: string): string {
  return NAMES[id] ?? id.toUpperCase();
}

/**
 * The logos in public/logos, by name: a list here rather than a directory read, so the
 * checkout's components stay pure and render anywhere (banks.test.ts keeps it equal to the folder).
 */
export const LOGOS: ReadonlySet<string> = new Set([
  "bca",
  "bni",
  "bri",
  "card",
  "cimb",
  "dana",
  "gopay",
  "mandiri",
  "ovo",
  "permata",
  "qris",
  "shopeepay",
]);

/** Our own copy of a bank's logo (public/logos), so the VA view needs no Method call. */
export function bankLogo(id: string): string | null {
  return /^[a-z0-9_]+$/.test(id) && LOGOS.has(id) ? `/logos/${id}.svg` : null;
}

/**
 * A method logo from the Method API: when it points at this same host (sandbox), make it
 * relative so the page works whatever host name the payer used.
 */
export function localLogo(url: string): string {
  try {
    const u = new URL(url);
    if (u.pathname.startsWith("/logos/") && bankLogo(u.pathname.slice(7).replace(/\.svg$/, ""))) return u.pathname;
    return url;
  } catch {
    return url;
  }
}
