import { startProductionServer } from "./server";

/** One server for the whole run; workers find it through these variables. */
export default async function globalSetup() {
  const server = await startProductionServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_LOG_FILE = server.logFile;
  return async () => {
    await server.stop();
  };
}
