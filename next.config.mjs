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
  // Security headers for checkout pages are set in proxy.ts (the CSP carries a per-request nonce).
};
export default withNextIntl(nextConfig);
