import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import type { FlagStatus } from "@/lib/contract/link-flags";
import type { BadgeTone } from "@/lib/ui/recipes";

/** paid, rejected, pending, expired: the checkout's status colours. */
const TONE: Record<FlagStatus, BadgeTone> = { "00": "ok", "01": "bad", "02": "warn", "03": "neutral" };

export async function StatusBadge({ status }: { status: FlagStatus }) {
  const t = await getTranslations("ConsoleLinks");
  return <Badge tone={TONE[status]}>{t(`status${status}`)}</Badge>;
}
