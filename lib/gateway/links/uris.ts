import type { GatewayContext } from "@/lib/gateway/context";

/** `{pay_url}/pay/{id}?secret=…`; the secret is derived, never stored. */
export function paymentLinkUri(ctx: Pick<GatewayContext, "config" | "vault">, linkId: string): string {
  return `${ctx.config.payBaseUrl}/pay/${linkId}?secret=${ctx.vault.linkSecret(linkId)}`;
}
