import { getTranslations } from "next-intl/server";
import type { FlagStatus } from "@/lib/contract/console";

export async function StatusBadge({ status }: { status: FlagStatus }) {
  const t = await getTranslations("ConsoleLinks");
  return <span className={`badge badge-${status}`}>{t(`status${status}`)}</span>;
}
