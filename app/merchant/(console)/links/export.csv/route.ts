import { classifyFailure } from "@/lib/connector/failures";
import { V1ClientError } from "@/lib/clients/v1-answer";
import { linkFilters } from "@/lib/console/link-filters";
import { currentSession } from "@/lib/console/session";

const MAX_ROWS = 50_000;

/** A CSV cell: quoted, quotes doubled, and a leading = + - @ defused so a spreadsheet never runs it. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const plain = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * The filtered list as CSV. A gateway call that fails on the way (each is bounded at 10 s) ends
 * the export with a plain answer: 401 when the session ended, 429 when the gateway asks to slow
 * down, 503 when it did not answer (logged once), never half a file.
 */
export async function GET(req: Request): Promise<Response> {
  try {
    return await exportCsv(req);
  } catch (err) {
    if (err instanceof V1ClientError && err.status === 401) return plain(401, "Sign in first.");
    if (err instanceof V1ClientError && err.status === 429)
      return plain(429, "Too many requests. Please try again shortly.");
    return classifyFailure(err, "console export") === "unavailable"
      ? plain(503, "The gateway did not answer. Please try again.")
      : plain(400, "This list cannot be exported.");
  }
}

/** Paged through the same /v1 route the table uses. */
async function exportCsv(req: Request): Promise<Response> {
  const signed = await currentSession();
  if (!signed) return plain(401, "Sign in first.");
  const sp = Object.fromEntries(new URL(req.url).searchParams);
  const { query } = linkFilters({ ...sp, after: undefined });
  const lines = [
    [
      "paymentLinkId",
      "partnerReferenceNo",
      "title",
      "customerName",
      "customerEmail",
      "totalAmount",
      "currency",
      "paymentFlagStatus",
      "paymentMethod",
      "createdAt",
      "expiredAt",
      "paidAt",
      "refundedAmount",
    ].join(","),
  ];
  let after: string | undefined;
  for (let rows = 0; rows < MAX_ROWS;) {
    const page = await signed.client.listLinks({
      ...query,
      startingAfter: after,
      limit: 100,
    });
    for (const l of page.data) {
      lines.push(
        [
          l.paymentLinkId,
          l.partnerReferenceNo,
          l.title,
          l.customer.name,
          l.customer.email,
          l.totalAmount.value,
          l.totalAmount.currency,
          l.paymentFlagStatus,
          l.paymentMethod ?? "",
          l.createdAt,
          l.expiredAt,
          l.paidAt ?? "",
          // What succeeded refunds gave back, in the same wire form as totalAmount.
          l.refundedAmount.value,
        ]
          .map(cell)
          .join(","),
      );
    }
    rows += page.data.length;
    if (!page.hasMore) break;
    after = page.data.at(-1)!.paymentLinkId;
  }
  return new Response(`${lines.join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="payment-links.csv"',
      "Cache-Control": "no-store",
    },
  });
}
