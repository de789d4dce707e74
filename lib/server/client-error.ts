import type { Duplex } from "node:stream";
import { formatJakartaMillis } from "@/lib/contract/time";

/**
 * Requests Node's HTTP parser refuses (malformed request line, headers over 16 KiB, a
 * header timeout) never reach the app. Node would answer them with an empty body; this
 * answers in the SNAP envelope instead, so "every response body is JSON with responseCode
 * and responseMessage, and the status is its first three digits" holds even for them, and
 * they carry X-TIMESTAMP like every other /v1.0 answer (the path is not known here).
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason] =
    err.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large"]
      : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout"]
        : [400, "Bad Request"];
  const body = JSON.stringify({ responseCode: `${status}0000`, responseMessage: reason });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nX-TIMESTAMP: ${formatJakartaMillis(new Date())}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
