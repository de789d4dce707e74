import { randomBytes } from "node:crypto";
import type { Context } from "hono";

/** Minimal server-rendered pages of the gateway itself (3-D Secure, hosted card page). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function page(title: string, body: string, opts: { lang?: string; script?: string; nonce?: string } = {}): string {
  const nonce = opts.nonce ? ` nonce="${opts.nonce}"` : "";
  return `<!doctype html>
<html lang="${opts.lang ?? "en"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style${nonce}>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f4f5f7; color: #111827; }
  main { max-width: 26rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.25rem; margin: 0 0 .75rem; }
  p { line-height: 1.5; }
  .sandbox { background: #fef3c7; color: #78350f; border-radius: 8px; padding: .5rem .75rem; font-size: .875rem; }
  label { display: block; font-weight: 600; margin-top: .75rem; }
  input { width: 100%; box-sizing: border-box; font: inherit; padding: .6rem; border: 1px solid #6b7280; border-radius: 8px; margin-top: .25rem; }
  .row { display: flex; gap: .75rem; } .row > div { flex: 1; }
  button { font: inherit; font-weight: 600; padding: .7rem 1rem; border-radius: 8px; border: 0; cursor: pointer; margin-top: 1rem; width: 100%; }
  button:focus-visible, input:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  .primary { background: #1d4ed8; color: #fff; } .secondary { background: #e5e7eb; color: #111827; }
  .error { color: #b91c1c; min-height: 1.5em; }
</style>
</head>
<body><main>${body}</main>${opts.script ? `<script type="module"${nonce}>${opts.script}</script>` : ""}</body>
</html>`;
}

/**
 * Answer one of these pages with the checkout's protections (CONTRACT §4): a fresh nonce for
 * its one style and script, nothing else inline, no framing, no referrer (the URL is a
 * capability), never cached. Forms may post to this origin and — since browsers hold the
 * redirect after a POST to form-action as well — to the origins the answer redirects to.
 */
export function htmlPage(
  c: Context,
  args: { title: string; body: string; lang?: string; script?: string; status?: 200 | 404 | 429; formTargets?: string[] },
): Response {
  const nonce = randomBytes(16).toString("base64");
  const formAction = ["'self'", ...new Set(args.formTargets ?? [])].join(" ");
  c.header(
    "Content-Security-Policy",
    [
      "default-src 'none'",
      `script-src 'self' 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      "img-src 'self' data:",
      "connect-src 'self'",
      "base-uri 'none'",
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
    ].join("; "),
  );
  c.header("Referrer-Policy", "no-referrer");
  c.header("Cache-Control", "no-store");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("X-Frame-Options", "DENY");
  return c.html(page(args.title, args.body, { lang: args.lang, script: args.script, nonce }), args.status ?? 200);
}
