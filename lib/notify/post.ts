import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { ResolvedTarget } from "./target";

/** Reply bytes read from a merchant's endpoint (the worker shows the first 500 characters). */
export const MAX_REPLY_BYTES = 2048;

export interface PostOptions {
  headers: Record<string, string>;
  body: string;
  /** Until the TCP (and TLS) connection stands. */
  connectTimeoutMs: number;
  /** The whole exchange: connect, send, status line and the reply bytes we read. */
  timeoutMs: number;
  /** Reply bytes kept; the stream is destroyed once this many have arrived. */
  maxReplyBytes: number;
}

export interface PostResult {
  status: number;
  /** At most `maxReplyBytes` of the reply, decoded leniently (it is shown, never parsed). */
  reply: string;
}

/**
 * A lookup that answers only with the addresses already checked: the socket connects to
 * exactly those, whatever the name's DNS says now (no rebinding between check and connect).
 */
function pinnedLookup(target: ResolvedTarget): LookupFunction {
  return ((
    _host: string,
    options: { all?: boolean; family?: number | string },
    callback: (...args: unknown[]) => void,
  ) => {
    const wanted =
      options.family === 4 || options.family === 6
        ? target.addresses.filter((a) => a.family === options.family)
        : target.addresses;
    const list = wanted.length > 0 ? wanted : target.addresses;
    if (options.all) callback(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  }) as LookupFunction;
}

/**
 * POST `body` to a resolved target: no redirects followed, no second DNS lookup, bounded in
 * time and in the bytes read. Rejects on a network error or a timeout.
 */
export function postToTarget(target: ResolvedTarget, opts: PostOptions): Promise<PostResult> {
  const { url, host } = target;
  const secure = url.protocol === "https:";
  return new Promise<PostResult>((resolve, reject) => {
    let settled = false;
    const finish = (err: Error | null, result?: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      clearTimeout(connect);
      if (err) reject(err);
      else resolve(result!);
    };
    const req = (secure ? https : http).request({
      method: "POST",
      hostname: host,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      headers: { ...opts.headers, Host: url.host, "Content-Length": String(Buffer.byteLength(opts.body)) },
      lookup: pinnedLookup(target),
      // TLS is verified against the name the merchant gave, not the address we dialled.
      ...(secure ? { servername: host, rejectUnauthorized: true } : {}),
      agent: false,
    });
    const total = setTimeout(
      () => req.destroy(new Error(`no complete answer within ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    );
    const connect = setTimeout(
      () => req.destroy(new Error(`no connection within ${opts.connectTimeoutMs} ms`)),
      opts.connectTimeoutMs,
    );
    req.on("socket", (socket) => {
      socket.once(secure ? "secureConnect" : "connect", () => clearTimeout(connect));
    });
    req.on("error", (err) => finish(err));
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => {
        finish(null, { status, reply: Buffer.concat(chunks).toString("utf8") });
        // One request per connection: nothing more is read or sent on it.
        req.destroy();
      };
      res.on("data", (chunk: Buffer) => {
        if (kept < opts.maxReplyBytes) {
          const part = chunk.subarray(0, opts.maxReplyBytes - kept);
          chunks.push(part);
          kept += part.length;
        }
        // Enough to show; the rest is never read (a reply can be endless).
        if (kept >= opts.maxReplyBytes) {
          done();
          res.destroy();
        }
      });
      res.on("end", done);
      res.on("error", () => done());
      res.on("close", done);
    });
    req.end(opts.body);
  });
}
