/**
 * Class lists only the merchant console uses. They live here, not in lib/ui/recipes.ts, so the
 * payer's stylesheet (app/checkout.css), which scans lib/ui/, does not carry them; the
 * console's (app/merchant/console.css) scans this folder.
 */
import { tabular } from "@/lib/ui/recipes";

/** The merchant console's data tables: a row per record in a bordered, scrollable wrapper; cells padded. */
export const consoleTable =
  `w-full border-collapse text-sm ${tabular} [&_caption]:px-3 [&_caption]:py-2 [&_caption]:text-left [&_caption]:text-muted ` +
  "[&_td]:border-t [&_td]:border-line [&_td]:px-3 [&_td]:py-2 [&_td]:align-top " +
  "[&_th]:border-t [&_th]:border-line [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:align-top";

/** A group of form fields on its own surface (the create-link form's sections). */
export const fieldsetClass = "mb-4 min-w-0 rounded-xl border border-line bg-surface px-4 py-3";
export const legendClass = "px-1 font-bold";
