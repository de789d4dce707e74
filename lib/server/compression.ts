import { createRequire } from "node:module";
import type http from "node:http";
import { Duplex } from "node:stream";

type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

/**
 * Compression of Next's answers, at zlib level 1 instead of Next's default (6). Next's own
 * `compress` is turned off (next.config.mjs) and the very middleware it uses is applied here
 * with a cheaper level: a checkout page spent ~5% of its render CPU in gzip at level 6; level 1
 * costs about a third of that for an answer ~15% larger (24 kB of HTML → ~7.5 instead of ~6.5 kB).
 */
const compression = createRequire(import.meta.url)("next/dist/compiled/compression") as (opts: {
  level: number;
}) => Middleware;
const middleware = compression({ level: 1 });
const noop = () => {};

export function compressNextAnswer(req: http.IncomingMessage, res: http.ServerResponse): void {
  middleware(req, res, noop);
  // As Next does: a client that disconnects mid-answer leaves the zlib stream open otherwise.
  res.once("close", () => {
    if (res.writableFinished) return;
    const stream = res.on("drain", noop) as unknown;
    res.off("drain", noop);
    if (stream !== res && stream instanceof Duplex) stream.destroy();
  });
}
