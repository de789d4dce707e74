import type { GatewayContext } from "@/lib/gateway/context";

/** `{pay_url}/pay/{id}?secret=…`; the secret is derived, never stored. */
export function paymentLinkUri(ctx: Pick<GatewayContext, "config" | "vault">, linkId: string): string {
  return `${ctx.config.payBaseUrl}/pay/${linkId}?secret=${ctx.vault.linkSecret(linkId)}`;
}

/** The sandbox wallet's authorization page of one attempt (lib/api/routes/wallet-page.ts), without its token. */
export const walletPagePath = (referenceNo: string) => `/v1.0/debit/wallet/${referenceNo}`;

/**
 * The page's single-use capability: derived from the attempt's reference, never stored; the page
 * answers only while the attempt is open, so once approved or declined the URL opens nothing.
 */
export function walletPageToken(ctx: Pick<GatewayContext, "vault">, referenceNo: string): string {
  return ctx.vault.derive("wallet-page", referenceNo);
}

/** `webRedirectUrl` of a redirect wallet attempt in the sandbox. */
export function walletPageUri(ctx: Pick<GatewayContext, "config" | "vault">, referenceNo: string): string {
  return `${ctx.config.publicBaseUrl}${walletPagePath(referenceNo)}?token=${walletPageToken(ctx, referenceNo)}`;
}
