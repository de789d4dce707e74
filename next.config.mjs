import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Compressed at a cheaper level by the server (lib/server/compression.ts).
  compress: false,
  // The gateway (Hono) owns /v1.0, /v1, /openapi.json and /api/health; Next never opens the database.
  serverExternalPackages: ["pino"],
  // Metadata in <head> for every client, not streamed after the body (Next's default for
  // browsers): a page's title must not depend on which of two renders finished first, and the
  // body waits for the same Inquiry anyway (docs/checkout.md, "The title").
  htmlLimitedBots: /.*/,
  // Security headers for checkout pages are set in proxy.ts (the CSP carries a per-request nonce).
};
export default withNextIntl(nextConfig);
