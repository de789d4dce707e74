import type { TestProject } from "vitest/node";
import { startCluster } from "./postgres";

/** One PostgreSQL cluster for the whole API run; each server gets its own database. */
export default async function setup(project: TestProject) {
  const cluster = await startCluster();
  project.provide("pgBaseUrl", cluster.url("postgres"));
  return () => cluster.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgBaseUrl: string;
  }
}
