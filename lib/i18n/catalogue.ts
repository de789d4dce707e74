import { createTranslator } from "use-intl/core";
import en from "@/messages/en.json";
import id from "@/messages/id.json";
import type { Locale } from "./locale";

/**
 * The one catalogue (messages/*.json), for pages outside Next: the gateway's 3-D Secure and
 * hosted card pages speak the payer's language from the same messages, with the same ICU
 * syntax, as the checkout. next-intl's framework-free core formats them.
 */
export const MESSAGES: Record<Locale, typeof en> = { en, id };

export type Namespace = keyof typeof en;

export function translator<N extends Namespace>(locale: Locale, namespace: N) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace });
}
