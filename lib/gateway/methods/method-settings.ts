import { eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { readTogether } from "@/lib/db/transaction";
import { merchantMethodSettings } from "@/lib/db/schema";
import { loadCatalogue, REASON_TEXTS, type Catalogue } from "./catalogue";
import type { GatewayContext } from "@/lib/gateway/context";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { V1Error } from "@/lib/gateway/v1-error";

export type MethodReason = keyof typeof REASON_TEXTS;
type SettingRow = typeof merchantMethodSettings.$inferSelect;

/**
 * A merchant's own switches over the gateway's catalogue (docs/console.md): a setting
 * replaces the catalogue's `active` flag and text for that merchant's links, in either
 * direction; without a setting the catalogue's default holds. Read on every Method and Pay,
 * so kept per merchant for a few seconds and dropped at once when this process writes.
 */
const TTL_MS = 5_000;
const cache = new Map<string, { rows: SettingRow[]; until: number }>();

async function settingsOf(exec: Executor, partnerId: string): Promise<SettingRow[]> {
  const hit = cache.get(partnerId);
  if (hit && hit.until > Date.now()) return hit.rows;
  const rows = await exec.select().from(merchantMethodSettings).where(eq(merchantMethodSettings.partnerId, partnerId));
  if (cache.size > 10_000) cache.clear();
  cache.set(partnerId, { rows, until: Date.now() + TTL_MS });
  return rows;
}

function textOf(active: boolean, reason: MethodReason | null) {
  if (active) return { activeTextEn: "", activeTextId: "" };
  const t = REASON_TEXTS[reason ?? "maintenance"];
  return { activeTextEn: t.en, activeTextId: t.id };
}

/** The catalogue as `partnerId`'s links see it. */
export async function merchantCatalogue(ctx: GatewayContext, exec: Executor, partnerId: string): Promise<Catalogue> {
  const [catalogue, settings] = await readTogether(exec, [
    () => loadCatalogue(ctx, exec),
    () => settingsOf(exec, partnerId),
  ]);
  if (settings.length === 0) return catalogue;
  const find = (groupId: string, methodId: string) =>
    settings.find((s) => s.groupId === groupId && s.methodId === methodId);
  return {
    groups: catalogue.groups.map((g) => {
      const s = find(g.id, "");
      return s ? { ...g, active: s.active, ...textOf(s.active, s.reason) } : g;
    }),
    methods: catalogue.methods.map((m) => {
      const s = find(m.groupId, m.id);
      return s ? { ...m, active: s.active, ...textOf(s.active, s.reason) } : m;
    }),
  };
}

/**
 * PATCH /v1/payment-methods/{groupId}[/{methodId}]. An id the catalogue does not have is a
 * 404, like any unknown resource.
 */
export async function setMethodActive(
  ctx: GatewayContext,
  partner: Partner,
  input: {
    groupId: string;
    methodId?: string | undefined;
    active: boolean;
    reason?: MethodReason | undefined;
  },
): Promise<void> {
  const catalogue = await loadCatalogue(ctx);
  const known = input.methodId
    ? catalogue.methods.some((m) => m.groupId === input.groupId && m.id === input.methodId)
    : catalogue.groups.some((g) => g.id === input.groupId);
  if (!known) throw new V1Error("resource_missing", "No such payment method.", input.methodId ? "methodId" : "groupId");
  const row = {
    partnerId: partner.id,
    groupId: input.groupId,
    methodId: input.methodId ?? "",
    active: input.active,
    reason: input.active ? null : (input.reason ?? "maintenance"),
    updatedAt: ctx.now(),
  };
  await ctx.db
    .insert(merchantMethodSettings)
    .values(row)
    .onConflictDoUpdate({
      target: [merchantMethodSettings.partnerId, merchantMethodSettings.groupId, merchantMethodSettings.methodId],
      set: { active: row.active, reason: row.reason, updatedAt: row.updatedAt },
    });
  cache.delete(partner.id);
}
