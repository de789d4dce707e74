import "@/lib/server-only";
import { qrisPng } from "@/lib/qris/render";
import { authorizedLink } from "./request-link";

/**
 * The payer's current QRIS as a PNG download, behind the same cookie guard as the page:
 * null unless the link is pending with a QR chosen. The image comes from the one QRIS
 * renderer (4-module quiet zone, docs/qris.md).
 */
export async function currentQrPng(
  paymentLinkId: string,
): Promise<{ png: Uint8Array<ArrayBuffer>; filename: string } | null> {
  const link = await authorizedLink(paymentLinkId);
  const content = link?.payment.content;
  if (!link || link.payment.type !== "qr" || !content || link.paymentFlagStatus !== "02") return null;
  const png = await qrisPng(content.value);
  return { png: new Uint8Array(png), filename: `qris-${link.partnerReferenceNo.replace(/[^A-Za-z0-9._-]/g, "_")}.png` };
}
