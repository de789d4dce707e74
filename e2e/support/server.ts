import { spawnServer, waitHealthy, type ServerProcess } from "@/tests/support/production-server";

export { ROOT } from "@/tests/support/production-server";
export type StartedServer = ServerProcess;

/**
 * The real production server for the browser suite (tests/support/production-server.ts): PGlite,
 * its PUBLIC_BASE_URL the address it listens on (links and cookies on one host); its output in
 * `logFile`, so tests can check what reached the logs. Ready once /api/health answers; a
 * checkout-only server seeds no credentials, so none are read here.
 */
export async function startProductionServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const proc = await spawnServer({ env, ownBaseUrl: true });
  await waitHealthy(proc);
  return proc;
}
