import { asc } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { readTogether } from "@/lib/db/transaction";
import { methodGroups, methods } from "@/lib/db/schema";
import { fitsQrisAmount } from "@/lib/qris";
import type { GatewayContext } from "@/lib/gateway/context";

export type MethodGroupRow = typeof methodGroups.$inferSelect;
export type MethodRow = typeof methods.$inferSelect;

export interface Catalogue {
  groups: MethodGroupRow[];
  methods: MethodRow[];
}

const MAINTENANCE = {
  en: "Under maintenance. Please choose another method.",
  id: "Sedang dalam pemeliharaan. Silakan pilih metode lain.",
};
const REGISTRATION = { en: "Registration in progress.", id: "Pendaftaran sedang diproses." };
/** The reasons a merchant may give for switching a method off (lib/gateway/methods/method-settings.ts). */
export const REASON_TEXTS = { maintenance: MAINTENANCE, registration: REGISTRATION } as const;

/** The sandbox catalogue written on a fresh database. Operators may edit the rows later. */
export const SEED_GROUPS: (typeof methodGroups.$inferInsert)[] = [
  {
    id: "va",
    position: 1,
    icon: "bank",
    titleEn: "Virtual Account",
    titleId: "Virtual Account",
    subtitleEn: "Transfer from any ATM, mobile or internet banking",
    subtitleId: "Transfer lewat ATM, mobile banking, atau internet banking",
    buttonEn: "Pay with Virtual Account",
    buttonId: "Bayar dengan Virtual Account",
    active: true,
  },
  {
    id: "qr",
    position: 2,
    icon: "qr",
    titleEn: "QRIS",
    titleId: "QRIS",
    subtitleEn: "Scan with any e-wallet or banking app",
    subtitleId: "Pindai dengan aplikasi e-wallet atau bank apa pun",
    buttonEn: "Show QR code",
    buttonId: "Tampilkan kode QR",
    active: true,
  },
  {
    id: "cc",
    position: 3,
    icon: "card",
    titleEn: "Credit / Debit Card",
    titleId: "Kartu Kredit / Debit",
    subtitleEn: "Visa, Mastercard, JCB",
    subtitleId: "Visa, Mastercard, JCB",
    buttonEn: "Pay by card",
    buttonId: "Bayar dengan kartu",
    active: true,
  },
  {
    id: "ew",
    position: 4,
    icon: "wallet",
    titleEn: "E-Wallet",
    titleId: "Dompet Digital",
    subtitleEn: "DANA, ShopeePay, GoPay, OVO",
    subtitleId: "DANA, ShopeePay, GoPay, OVO",
    buttonEn: "Pay with e-wallet",
    buttonId: "Bayar dengan dompet digital",
    active: true,
  },
];

const va = (
  id: string,
  title: string,
  position: number,
  partnerServiceId: string,
  bankCode: string,
  extra: Partial<MethodRow> = {},
) => ({
  groupId: "va",
  id,
  position,
  logo: `/logos/${id}.svg`,
  title,
  subtitle: `${title} Virtual Account`,
  active: true,
  partnerServiceId,
  bankCode,
  ...extra,
});

export const SEED_METHODS: (typeof methods.$inferInsert)[] = [
  va("bca", "BCA", 1, "88808", "014"),
  va("bni", "BNI", 2, "8808", "009"),
  va("bri", "BRI", 3, "77777", "002"),
  va("mandiri", "Mandiri", 4, "89022", "008"),
  va("permata", "Permata", 5, "8625", "013", {
    active: false,
    activeTextEn: REGISTRATION.en,
    activeTextId: REGISTRATION.id,
  }),
  va("cimb", "CIMB Niaga", 6, "5919", "022", {
    active: false,
    activeTextEn: MAINTENANCE.en,
    activeTextId: MAINTENANCE.id,
  }),
  {
    groupId: "qr",
    id: "qris",
    position: 1,
    logo: "/logos/qris.svg",
    title: "QRIS",
    subtitle: "All QRIS-enabled apps",
    active: true,
  },
  {
    groupId: "cc",
    id: "card",
    position: 1,
    logo: "/logos/card.svg",
    title: "Card",
    subtitle: "Visa, Mastercard, JCB",
    active: true,
  },
  // docs/contract.md §8: three redirect wallets, one push wallet (lib/gateway/wallets/flows.ts).
  wallet("dana", "DANA", 1, "Approve in the DANA app"),
  wallet("shopeepay", "ShopeePay", 2, "Approve in the Shopee app"),
  wallet("gopay", "GoPay", 3, "Approve in the Gojek app"),
  wallet("ovo", "OVO", 4, "Approve the request in the OVO app"),
];

function wallet(id: string, title: string, position: number, subtitle: string) {
  return { groupId: "ew", id, position, logo: `/logos/${id}.svg`, title, subtitle, active: true };
}

export async function seedCatalogue(tx: Executor): Promise<void> {
  await tx.insert(methodGroups).values(SEED_GROUPS).onConflictDoNothing();
  await tx.insert(methods).values(SEED_METHODS).onConflictDoNothing();
}

/** Read on most checkout calls; a few seconds of staleness is fine for a catalogue. */
let cached: { value: Catalogue; limited: Map<string, Catalogue>; until: number } | null = null;

/** docs/contract.md §6.1: without a card processor (production) the card group is inactive, with this reason. */
export const NO_CARD_PROCESSOR = { en: "Not available", id: "Tidak tersedia" };
/** docs/contract.md §8: without a wallet provider (production) the e-wallet group is inactive, with the same reason. */
export const NO_WALLET_PROVIDER = NO_CARD_PROCESSOR;

/**
 * The catalogue as this gateway can honour it. `exec`: inside a transaction pass it, or
 * PGlite (one connection) would wait on itself.
 */
export async function loadCatalogue(ctx: GatewayContext, exec: Executor = ctx.db): Promise<Catalogue> {
  if (!cached || cached.until <= Date.now()) {
    const [groups, rows] = await readTogether(exec, [
      () => exec.select().from(methodGroups).orderBy(asc(methodGroups.position)),
      () => exec.select().from(methods).orderBy(asc(methods.groupId), asc(methods.position)),
    ]);
    cached = { value: { groups, methods: rows }, limited: new Map(), until: Date.now() + 5_000 };
  }
  const missing: string[] = [];
  if (!ctx.config.cardProcessor) missing.push("cc");
  if (!ctx.config.walletProvider) missing.push("ew");
  if (!missing.length) return cached.value;
  const key = missing.join(",");
  let limited = cached.limited.get(key);
  if (!limited) cached.limited.set(key, (limited = withoutGroups(cached.value, new Set(missing))));
  return limited;
}

/** The groups nobody behind this gateway can answer: inactive, "Not available". */
function withoutGroups(catalogue: Catalogue, missing: Set<string>): Catalogue {
  const off = { active: false, activeTextEn: NO_CARD_PROCESSOR.en, activeTextId: NO_CARD_PROCESSOR.id };
  return {
    groups: catalogue.groups.map((g) => (missing.has(g.id) ? { ...g, ...off } : g)),
    methods: catalogue.methods,
  };
}

export function invalidateCatalogue(): void {
  cached = null;
}

const QRIS_LIMIT = { en: "Amount exceeds the QRIS limit", id: "Jumlah melebihi batas QRIS" };

/**
 * Why a method group cannot carry this amount at all, or null. Today only QRIS: tag 54
 * holds 13 characters, so 99999999999.99 cannot be written into a QR (docs/contract.md §2.7). The
 * Method API shows the group inactive with this text; Pay refuses it as Feature Not Allowed.
 */
export function amountLimit(groupId: string, amountMinor: number): { en: string; id: string } | null {
  if (groupId === "qr" && !fitsQrisAmount(amountMinor)) return QRIS_LIMIT;
  return null;
}

/** Why a method can't be used right now (for this amount, when given), or null when it can. */
export function methodAvailability(
  catalogue: Catalogue,
  groupId: string,
  methodId: string,
  amountMinor?: number,
): { ok: true; group: MethodGroupRow; method: MethodRow } | { ok: false; reason: string } {
  const group = catalogue.groups.find((g) => g.id === groupId);
  if (!group) return { ok: false, reason: "unknown payment method" };
  const method = catalogue.methods.find((m) => m.groupId === groupId && m.id === methodId);
  if (!method) return { ok: false, reason: "unknown payment method" };
  if (!group.active) return { ok: false, reason: group.activeTextEn || "method group inactive" };
  if (!method.active) return { ok: false, reason: method.activeTextEn || "method inactive" };
  const limit = amountMinor === undefined ? null : amountLimit(groupId, amountMinor);
  if (limit) return { ok: false, reason: limit.en };
  return { ok: true, group, method };
}
