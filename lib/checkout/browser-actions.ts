import type { SimulatedOutcome } from "@/lib/connector/sandbox-acquirer";
import type {
  CardStartResult,
  CheckoutActions,
  ChooseResult,
  RemoveCardResult,
  SimulateResult,
  StatusResult,
} from "./action-results";
import { actionPath, type ActionRoute } from "./action-routes";

/** Words the browser needs of its own: the server's answers are translated already. */
export interface BrowserActionTexts {
  /**
   * Shown when this server could not be reached or refused the request itself (a lost session,
   * a 4xx): the method choice and the sandbox simulator print it in place. Pass
   * `t("Methods.errorTryAgain")` or the like; empty prints nothing (the button comes back).
   */
  network?: string;
}

/** Not reached, or not answered with a result: the reason is the caller's own words. */
class NoAnswer extends Error {}

/** POST to an action route; the answer's result, or NoAnswer. Same origin, so the session cookie goes along. */
async function post<T extends { ok: boolean }>(linkId: string, route: ActionRoute, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(actionPath(linkId, route), { method: "POST", credentials: "same-origin", ...init });
  } catch {
    throw new NoAnswer();
  }
  // A 4xx (malformed, lost session: the proxy's 404 page) or 5xx is no result.
  if (!res.ok || !(res.headers.get("content-type") ?? "").startsWith("application/json")) throw new NoAnswer();
  const body = (await res.json().catch(() => null)) as T | null;
  if (!body || typeof body.ok !== "boolean") throw new NoAnswer();
  return body;
}

const json = (body: unknown): RequestInit => ({
  headers: { "Content-Type": "application/json", Accept: "application/json" },
  body: JSON.stringify(body),
});

/**
 * The checkout's actions over HTTP (the action routes, docs/checkout.md "Action routes"), for
 * islands that run without Next's router and so cannot call server actions. Same results as
 * the server actions. Where the server cannot be asked, each call fails the way its island
 * already handles a failed server action:
 * - chooseMethod, simulatePayment: `{ ok: false, error: texts.network }`, shown in place;
 * - pollStatus: `{ ok: false, error: "unavailable" }` (the poller retries);
 * - removeSavedCard: `{ ok: false, error: "" }` (the card form shows its own "could not remove");
 * - startCardPayment: rejects, as a failed server action does: the card step then treats the
 *   saved cards as "could not be listed" and a Pay as its generic error, as today.
 * `linkId`: the page's link, for a chooseMethod form that does not carry one. previewSignIn
 * stays a server action (the merchant preview keeps the App Router): here it rejects.
 */
export function browserActions(linkId?: string, texts: BrowserActionTexts = {}): CheckoutActions {
  const failed = { ok: false as const, error: texts.network ?? "" };
  return {
    async chooseMethod(_prev: ChooseResult, form: FormData): Promise<ChooseResult> {
      const id = linkId ?? String(form.get("linkId") ?? "");
      // Posted as is (multipart), as the script-less form posts its fields; JSON asks for the result instead of a 303.
      return post<ChooseResult>(id, "choose", { headers: { Accept: "application/json" }, body: form }).catch(
        () => failed,
      );
    },
    async pollStatus(id: string): Promise<StatusResult> {
      return post<StatusResult>(id, "status", json({})).catch(() => ({
        ok: false as const,
        error: "unavailable" as const,
        serverNow: Date.now(),
      }));
    },
    async startCardPayment(id: string): Promise<CardStartResult> {
      return post<CardStartResult>(id, "card", json({}));
    },
    async removeSavedCard(id: string, clientSecret: string, paymentMethodId: string): Promise<RemoveCardResult> {
      return post<RemoveCardResult>(id, "remove-card", json({ clientSecret, paymentMethodId })).catch(() => ({
        ok: false as const,
        error: "",
      }));
    },
    async simulatePayment(id: string, outcome: SimulatedOutcome): Promise<SimulateResult> {
      return post<SimulateResult>(id, "simulate", json({ outcome })).catch(() => failed);
    },
    async previewSignIn() {
      throw new Error("previewSignIn is a server action of the merchant preview, not an action route");
    },
  };
}
