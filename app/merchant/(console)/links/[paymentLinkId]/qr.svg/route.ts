import QRCode from "qrcode";
import { V1ClientError } from "@/lib/clients/v1-answer";
import { currentSession } from "@/lib/console/session";

type Ctx = { params: Promise<{ paymentLinkId: string }> };

/** The link's paymentLinkUri as a QR code for sharing or printing; only for its own merchant. */
export async function GET(_req: Request, { params }: Ctx): Promise<Response> {
  const signed = await currentSession();
  const notFound = () => new Response("Not found", { status: 404 });
  if (!signed) return notFound();
  try {
    const link = await signed.client.getLink((await params).paymentLinkId);
    const svg = await QRCode.toString(link.paymentLinkUri, {
      type: "svg",
      errorCorrectionLevel: "M",
      margin: 4,
    });
    return new Response(svg, {
      headers: {
        "Content-Type": "image/svg+xml",
        "Cache-Control": "private, no-store",
      },
    });
  } catch (err) {
    if (err instanceof V1ClientError && err.status === 404) return notFound();
    throw err;
  }
}
