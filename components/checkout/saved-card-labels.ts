import type { useTranslations } from "next-intl";
import type { CardFormLabels } from "./card-form";

type CardT = ReturnType<typeof useTranslations<"Card">>;

/**
 * The card step's saved-card words, on the server like every label. The sentences about one
 * card go as templates (`{card}`, `{brand}` …): the cards are listed after the page loads, so
 * the island fills them in.
 */
export function savedCardLabels(tc: CardT): NonNullable<CardFormLabels["saved"]> {
  return {
    heading: tc("savedHeading"),
    newCard: tc("newCard"),
    remove: tc("remove"),
    removeYes: tc("removeYes"),
    removeNo: tc("removeNo"),
    removing: tc("removing"),
    save: tc("saveCard"),
    saveNote: tc("saveCardNote"),
    loading: tc("savedLoading"),
    card: tc.raw("savedCard") as string,
    expires: tc.raw("savedExpires") as string,
    expired: tc.raw("savedExpired") as string,
    removeLabel: tc.raw("removeLabel") as string,
    removeConfirm: tc.raw("removeConfirm") as string,
    cvcFor: tc.raw("savedCvcFor") as string,
    removed: tc.raw("removed") as string,
  };
}
