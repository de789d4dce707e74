/**
 * Headers every page of ours carries (docs/contract.md §4.3): no referrer (the URL may have held the
 * secret), never cached, never framed, and a nonce-based CSP so only our own scripts run. The
 * checkout (proxy.ts) and the API reference at /docs (lib/api/routes/docs.ts) share this policy;
 * /docs differs only where its bundle needs it (docs/api-reference.md), through the options.
 */
export function contentSecurityPolicy(
  nonce: string,
  opts: {
    dev?: boolean;
    imageOrigins?: string[];
    connectOrigins?: string[];
    /** `style-src 'unsafe-inline'` instead of the nonce: /docs, whose bundle injects styles no nonce can reach. */
    inlineStyles?: boolean;
    /** `worker-src 'self' blob:`: /docs, whose bundle may start a worker made from a blob. */
    blobWorkers?: boolean;
    /** Only the nonced scripts, no 'strict-dynamic': /docs, whose bundle loads no further script (Next's runtime does). */
    nonceOnlyScripts?: boolean;
  } = {},
): string {
  const img = ["'self'", "data:", "blob:", "https:", ...(opts.imageOrigins ?? [])];
  return [
    "default-src 'self'",
    opts.nonceOnlyScripts
      ? `script-src 'nonce-${nonce}'`
      : `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${opts.inlineStyles ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    `img-src ${[...new Set(img)].join(" ")}`,
    "font-src 'self'",
    // The live event stream, when the gateway is on another origin (docs/live-events.md).
    ["connect-src 'self'", ...(opts.connectOrigins ?? [])].join(" "),
    ...(opts.blobWorkers ? ["worker-src 'self' blob:"] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(csp: string): Record<string, string> {
  return {
    "Content-Security-Policy": csp,
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
}
