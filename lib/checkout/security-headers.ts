/**
 * Headers every checkout response carries (CONTRACT §4): no referrer (the URL may have held
 * the secret), never cached, never framed, and a nonce-based CSP so only our own scripts run.
 */
export function contentSecurityPolicy(nonce: string, opts: { dev?: boolean; imageOrigins?: string[]; connectOrigins?: string[] } = {}): string {
  const img = ["'self'", "data:", "blob:", "https:", ...(opts.imageOrigins ?? [])];
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src ${[...new Set(img)].join(" ")}`,
    "font-src 'self'",
    // The live event stream, when the gateway is on another origin (docs/live-events.md).
    ["connect-src 'self'", ...(opts.connectOrigins ?? [])].join(" "),
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
