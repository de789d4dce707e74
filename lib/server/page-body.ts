import type { IncomingMessage, ServerResponse } from "node:http";
import { lingerBeforeClosing } from "@/lib/api/body";

/**
 * The most a request to a page may carry: Next's own limit for a server action's body
 * (`serverActions.bodySizeLimit`, 1 MB by default, which next.config.mjs keeps), the only body
 * a page takes. Our actions send far less (the create-link form's JSON is a few KiB).
 */
const PAGE_BODY_LIMIT = 1024 * 1024;

/**
 * Cuts a page request's body off at its bound before Next reads any of it. Next enforces its
 * limit only on a body it takes as an action's, and Node reads whatever a finished answer left
 * unread (to reach the next request on the connection), so 300 MB sent to a page were read in
 * full before their answer. Now:
 * - a declared `Content-Length` over the bound: 413, before a byte of the body is read;
 * - a body without a declared length (chunked): 411. Browsers declare the length of every form
 *   post and action, so only a hand-made request streams one; refusing it reads nothing, where
 *   counting a stream Next is reading would cut it off halfway through an answer.
 * Either answer closes the connection (after a short lingering read, as the gateway's bound
 * does, so the client reads the answer instead of a reset). A declared length within the bound
 * bounds the read by itself: Node's parser stops there. True: answered here.
 */
export function refuseUnboundedBody(req: IncomingMessage, res: ServerResponse): boolean {
  const status = refusal(req);
  if (status === null) return false;
  lingerBeforeClosing(req);
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "close",
  });
  res.end(status === 413 ? "Content Too Large\n" : "Length Required\n");
  return true;
}

function refusal(req: IncomingMessage): 411 | 413 | null {
  const declared = req.headers["content-length"];
  if (declared !== undefined) return Number(declared) > PAGE_BODY_LIMIT ? 413 : null;
  return req.headers["transfer-encoding"] !== undefined ? 411 : null;
}
