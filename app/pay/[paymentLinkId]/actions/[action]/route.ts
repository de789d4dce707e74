import { getLocale, getTranslations } from "next-intl/server";
import { isActionRoute, type ActionRoute } from "@/lib/checkout/action-routes";
import {
  answerError,
  answerJson,
  crossSite,
  formBody,
  jsonObject,
  NO_STORE,
  stringField,
} from "@/lib/checkout/action-http";
import * as calls from "@/lib/checkout/payer-actions";
import { refusalHtml } from "@/lib/ui/refusal-page";

/**
 * The checkout's actions as HTTP (docs/checkout.md "Action routes"): what the page's islands
 * call once they run without Next's router, and where a script-less method form posts. The
 * proxy lets only these five names through, after the same session-cookie check as the page;
 * each call checks the cookie again (authorizedLink). POST only.
 */
type Params = { params: Promise<{ paymentLinkId: string; action: string }> };

export async function POST(req: Request, { params }: Params): Promise<Response> {
  const { paymentLinkId, action } = await params;
  if (!isActionRoute(action)) return answerError(404, "not_found", "No such action.");
  if (crossSite(req)) return answerError(403, "cross_site", "This action only answers the checkout page itself.");
  return ROUTES[action](req, paymentLinkId);
}

const notAllowed = async () => answerError(405, "method_not_allowed", "Use POST.");
export { notAllowed as GET, notAllowed as HEAD, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export { notAllowed as OPTIONS };

const ROUTES: Record<ActionRoute, (req: Request, linkId: string) => Promise<Response>> = {
  choose,
  async status(req, linkId) {
    const body = await jsonObject(req);
    return body.ok ? answerJson(await calls.pollStatus(linkId)) : body.answer;
  },
  async card(req, linkId) {
    const body = await jsonObject(req);
    return body.ok ? answerJson(await calls.startCardPayment(linkId)) : body.answer;
  },
  async "remove-card"(req, linkId) {
    const body = await jsonObject(req);
    if (!body.ok) return body.answer;
    const clientSecret = stringField(body.value, "clientSecret");
    const paymentMethodId = stringField(body.value, "paymentMethodId");
    if (!clientSecret || !paymentMethodId)
      return answerError(400, "invalid_body", "clientSecret and paymentMethodId must be non-empty strings.");
    return answerJson(await calls.removeSavedCard(linkId, clientSecret, paymentMethodId));
  },
  async simulate(req, linkId) {
    const body = await jsonObject(req);
    if (!body.ok) return body.answer;
    const outcome = body.value.outcome;
    if (outcome !== "pay" && outcome !== "fail")
      return answerError(400, "invalid_body", 'outcome must be "pay" or "fail".');
    return answerJson(await calls.simulatePayment(linkId, outcome));
  },
};

/**
 * The method choice. A script asks with `Accept: application/json` and gets the ChooseResult
 * (it navigates itself). A plain form post gets what the server action's redirect gave it: a
 * 303 to the page, which shows the chosen method; a refusal gets a short page with the
 * message and a link back (a 303 back would lose the message).
 */
async function choose(req: Request, linkId: string): Promise<Response> {
  const form = await formBody(req);
  if (!form.ok) return form.answer;
  const result = await calls.chooseMethod(linkId, form.value);
  if ((req.headers.get("accept") ?? "").includes("application/json")) return answerJson(result);
  if (result.ok) return new Response(null, { status: 303, headers: { ...NO_STORE, Location: result.href } });
  const t = await getTranslations("Methods");
  const locale = (await getLocale()) === "id" ? "id" : "en";
  const back = calls.pageHref(encodeURIComponent(linkId), String(form.value.get("lang") ?? ""));
  return new Response(
    refusalHtml(locale, back, { heading: t("heading"), message: result.error, back: t("backToPayment") }),
    {
      status: 200,
      headers: { ...NO_STORE, "Content-Type": "text/html; charset=utf-8", "Content-Language": locale },
    },
  );
}
