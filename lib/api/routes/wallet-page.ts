import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import type { GatewayContext } from "@/lib/gateway/context";
import { openWalletPage, type WalletPageView } from "@/lib/gateway/wallets/page";
import { sandboxWalletProvider } from "@/lib/gateway/sandbox/provider";
import { GatewayClient, SnapClientError } from "@/lib/clients/gateway-client";
import { walletNotification } from "@/lib/snap/notifications";
import { asMinor, formatMoney } from "@/lib/contract/money";
import { WALLET_METHODS, isWalletMethod } from "@/lib/contract/wallet";
import { LANG_COOKIE, isLocale, pickLocale, type Locale } from "@/lib/i18n/locale";
import { translator } from "@/lib/i18n/catalogue";
import { rupiah } from "@/lib/i18n/format";
import { readFormBody } from "@/lib/api/body";
import type { ApiEnv } from "@/lib/api/env";
import { buttonClasses, escapeHtml, htmlPage, notFoundPage, sandboxNote } from "@/lib/api/pages/html";
import { SNAP_ANSWER_HEADERS } from "@/lib/api/openapi/snap-operation";
import { toSnapAnswer } from "@/lib/api/errors";

/**
 * The sandbox wallet's authorization page (docs/contract.md §8): the gateway plays DANA,
 * ShopeePay or GoPay. It shows the merchant, the amount and the wallet with Approve and Decline;
 * the answer is sent as the provider would send it — a signed notification to POST
 * /v1.0/debit/notify with the sandbox provider's own token and keys, through this app's own
 * SNAP wrapper — and the payer goes back to the link's checkout, which learns the outcome
 * from its live events. Its URL holds the attempt's reference and a derived single-use token;
 * headers as the card pages (CSP, no-referrer, no-store). Production serves none of it.
 */
export function mountWalletPage(app: OpenAPIHono<ApiEnv>, gw: GatewayContext): void {
  /**
   * The provider's one client, made on the first approval: its B2B token is cached and renewed
   * like any partner's, where a client per click fetched a token per click (each drawing on the
   * token endpoint's per-address bucket). It calls this app in process: the real signed path.
   */
  let provider: GatewayClient | null | undefined;
  const providerClient = (): GatewayClient | null => {
    if (provider === undefined) {
      const creds = sandboxWalletProvider(gw);
      const inProcess: typeof fetch = (input, init) => Promise.resolve(app.fetch(new Request(input, init)));
      provider = creds && new GatewayClient(gw.config.publicBaseUrl, creds, inProcess);
    }
    return provider;
  };

  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/v1.0/debit/wallet/{referenceNo}",
    operationId: "sandboxWalletPage",
    summary: "Sandbox e-wallet authorization page (browser)",
    description:
      "Sandbox only, browser-facing and unsigned: the `webRedirectUrl` of a redirect wallet attempt (DANA, ShopeePay, GoPay). Approve or Decline sends the wallet provider's signed notification to `/v1.0/debit/notify` and returns the browser to the link's checkout. The token is single-use: once the attempt is answered (or is no longer the link's live method) the page answers 404.",
    tags: ["Direct Debit (e-wallet)"],
    security: [],
    request: {
      params: z.object({ referenceNo: z.string().meta({ description: "The wallet attempt's `referenceNo`." }) }),
      query: z.object({
        token: z.string().meta({ description: "The page's capability, as given in `webRedirectUrl`." }),
        lang: z.enum(["en", "id"]).optional(),
      }),
    },
    responses: {
      200: {
        description: "The wallet page",
        headers: SNAP_ANSWER_HEADERS,
        content: { "text/html": { schema: z.string() } },
      },
      404: {
        description: "No wallet payment waits here",
        headers: SNAP_ANSWER_HEADERS,
        content: { "text/html": { schema: z.string() } },
      },
    },
  });

  const localeOf = (c: Context, view: WalletPageView | null, explicit?: string) =>
    pickLocale({
      explicit: explicit ?? c.req.query("lang"),
      linkLanguage: view?.linkLanguage,
      cookie: getCookie(c, LANG_COOKIE),
      acceptLanguage: c.req.header("accept-language"),
    });
  const payPage = (view: WalletPageView) => `${gw.config.payBaseUrl}/pay/${view.linkId}`;

  app.get("/v1.0/debit/wallet/:referenceNo", async (c) => {
    const ref = c.req.param("referenceNo");
    const token = c.req.query("token") ?? "";
    try {
      const view = await openWalletPage(gw, ref, token);
      const lang = localeOf(c, view);
      if (!view) return walletNotFound(c, lang);
      const t = translator(lang, "WalletPage");
      const wallet = isWalletMethod(view.methodId) ? WALLET_METHODS[view.methodId].name : view.methodId;
      const form = (action: "approve" | "decline", variant: "primary" | "secondary") =>
        `<form method="post" action="/v1.0/debit/wallet/${encodeURIComponent(ref)}"><input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="lang" value="${lang}"><input type="hidden" name="action" value="${action}"><button class="${buttonClasses(variant)}" type="submit">${escapeHtml(t(action))}</button></form>`;
      const row = (label: string, value: string) =>
        `<p>${escapeHtml(label)}: <strong>${escapeHtml(value)}</strong></p>`;
      return htmlPage(c, {
        title: t("title"),
        lang,
        body: `${sandboxNote(escapeHtml(t("sandbox")))}
<h1>${escapeHtml(t("heading", { wallet }))}</h1>
${row(t("merchant"), view.merchantName)}${row(t("amount"), rupiah(asMinor(view.amountMinor), lang))}${row(t("wallet"), wallet)}
${form("approve", "primary")}${form("decline", "secondary")}`,
        formTargets: [new URL(gw.config.payBaseUrl).origin],
      });
    } catch (err) {
      return failed(c, err);
    }
  });

  app.post("/v1.0/debit/wallet/:referenceNo", async (c) => {
    const ref = c.req.param("referenceNo");
    try {
      const form = await readFormBody(c);
      const view = await openWalletPage(gw, ref, form.token ?? "");
      const lang: Locale = localeOf(c, view, isLocale(form.lang) ? form.lang : undefined);
      if (!view || (form.action !== "approve" && form.action !== "decline")) return walletNotFound(c, lang);
      const client = providerClient();
      if (!client) {
        gw.log.warn("sandbox wallet page: no provider credentials (sandbox-credentials.json) to sign with");
        return walletNotFound(c, lang);
      }
      // As the provider: its own token and signature, the real path, this app's own wrapper.
      const notice = walletNotification({
        referenceNo: view.referenceNo,
        status: form.action === "approve" ? "00" : "06",
        amount: formatMoney(asMinor(view.amountMinor)),
        partnerReferenceNo: view.partnerReferenceNo,
        methodId: view.methodId,
      });
      await client.notifyWalletPayment(notice).catch((err: unknown) => {
        // A refusal (the link was paid another way meanwhile) is the checkout's to show: it reads the link.
        if (!(err instanceof SnapClientError)) throw err;
        gw.log.info({ status: err.status, responseCode: err.responseCode }, "wallet page: notify refused");
      });
      c.header("Cache-Control", "no-store");
      c.header("Referrer-Policy", "no-referrer");
      return c.redirect(payPage(view), 303);
    } catch (err) {
      return failed(c, err);
    }
  });

  function failed(c: Context, err: unknown) {
    const answer = toSnapAnswer(err, "56");
    if (answer.unexpected) gw.log.error({ err, path: c.req.path }, "wallet page failed");
    return c.json(answer.body, answer.status as 400);
  }
}

/** No wallet payment waits behind this link (unknown, wrong token, answered, or no longer live). */
function walletNotFound(c: Context, lang: Locale) {
  const t = translator(lang, "WalletPage");
  return htmlPage(c, {
    document: notFoundPage(lang, { title: t("notFoundTitle"), heading: t("notFoundTitle"), explain: t("notFound") }),
    status: 404,
  });
}
