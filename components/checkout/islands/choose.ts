import type { ChooseResult } from "@/lib/checkout/action-results";
import { browserActions } from "@/lib/checkout/browser-actions";

/** Posts a method choice form to its route, as the browser's own post would, and reads the answer. */
export function chooseMethodFromBrowser(form: HTMLFormElement): Promise<ChooseResult> {
  return browserActions(undefined, { network: form.dataset.networkText }).chooseMethod(
    { ok: true },
    new FormData(form),
  );
}
