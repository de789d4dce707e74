import { currentQrPng } from "@/lib/checkout/qr-download";

/** The current QRIS as a PNG download (same cookie guard as the page; 404 otherwise). */
export async function GET(_req: Request, { params }: { params: Promise<{ paymentLinkId: string }> }) {
  const { paymentLinkId } = await params;
  const qr = await currentQrPng(paymentLinkId);
  if (!qr) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" },
    });
  }
  return new Response(qr.png, {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="${qr.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
