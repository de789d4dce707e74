import { startProductionServer as start, type StartedServer } from "@/tests/support/production-server";

export { ROOT, type StartedServer } from "@/tests/support/production-server";

/**
 * The real production server for the browser suite (tests/support/production-server.ts): PGlite,
 * its PUBLIC_BASE_URL the address it listens on (links and cookies on one host); its output in
 * `logFile`, so tests can check what reached the logs.
 */
export async function startProductionServer(env: Record<string, string> = {}): Promise<StartedServer> {
  return start({ env, ownBaseUrl: true });
}
