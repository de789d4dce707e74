/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The gateway (Hono) owns /v1.0, /v1, /openapi.json and /api/health; Next never opens the database.
  serverExternalPackages: ["pino"],
};
export default nextConfig;
