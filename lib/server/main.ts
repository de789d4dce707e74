import cluster from "node:cluster";
import { config as processConfig, StartupRefusal, type Config } from "@/lib/config";
import { processLogger } from "@/lib/log";
import { announce, type Announcement } from "./banner";
import {
  isPrepareProcess,
  PrepareFailure,
  prepareForPrimary,
  prepareInChild,
  processCount,
  runPrimary,
} from "./cluster";

/**
 * The process entry. One server process (lib/server/serve.ts) serves both halves: Hono answers
 * the gateway API, Next renders the pages. With WEB_CONCURRENCY > 1 on PostgreSQL this process
 * is the primary: another process prepares the database, then it forks that many server
 * processes (cluster.ts). The serving code and the database's are loaded only by the processes
 * that run them (a chunk of their own in the build), so the primary holds neither.
 */
async function main(): Promise<void> {
  const config = processConfig();
  if (isPrepareProcess()) {
    await prepareForPrimary(() => prepare(config));
    return;
  }
  const count = processCount(config);
  if (cluster.isPrimary && count > 1) {
    const log = processLogger(config.logLevel);
    await runPrimary({
      count,
      prepare: () => prepareInChild<Prepared>(),
      ready: (port, prepared) => {
        log.info({ port, processes: count }, "gateway and checkout listening");
        announce(config, { ...prepared, port, processes: count });
      },
      log: (msg, extra) => log.info(extra ?? {}, msg),
    });
    return;
  }
  const { serve } = await import("./serve");
  await serve(config);
}

/** What the preparing process tells the primary: the banner's facts it alone knows. */
type Prepared = Omit<Announcement, "port" | "processes">;

/** In the preparing process: migrate and seed once, for the server processes to come. */
async function prepare(config: Config): Promise<Prepared> {
  const [{ bootGateway }, { credentialsPath }] = await Promise.all([
    import("./boot"),
    import("@/lib/gateway/sandbox/seed"),
  ]);
  const booted = await bootGateway({ config, log: processLogger(config.logLevel) });
  await booted.database.close();
  return {
    db: booted.database.kind,
    credentialsFile: credentialsPath(config.dataDir),
    links: booted.credentials?.demoLinks ?? [],
  };
}

main().catch((err: unknown) => {
  // A refusal is the operator's to fix: one line naming the setting and why, no stack. A
  // preparing process that failed has written its own line already.
  if (err instanceof StartupRefusal) process.stderr.write(`refusing to start: ${err.message}\n`);
  else if (err instanceof PrepareFailure) {
    if (!err.reported) process.stderr.write(`failed to start: ${err.message}\n`);
  } else process.stderr.write(`failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
