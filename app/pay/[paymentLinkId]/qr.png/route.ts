import QRCode from "qrcode";
import { authorizedLink } from "@/lib/checkout/links";

/** The current QRIS as a PNG download (same cookie guard as the page; 404 otherwise). */
export async function GET(_req: Request, { params }: { params: Promise<{ paymentLinkId: string }> }) {
  const { paymentLinkId } = await params;
  const link = await authorizedLink(paymentLinkId);
  const content = link?.payment.content;
  if (!link || link.payment.type !== "qr" || !content || link.paymentFlagStatus !== "02") {
    return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });
  }
  const png = await QRCode.toBuffer(content.value, { type: "png", errorCorrectionLevel: "M", margin: 4, width: 720 });
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="qris-${link.partnerReferenceNo.replace(/[^A-Za-z0-9._-]/g, "_")}.png"`,
      "Cache-Control": "no-store",
    },
  });
}
