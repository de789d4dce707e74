import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./production-server";

/**
 * A server action's id in the production build (Next's server-reference manifest), for tests
 * that post an action as a replayed or forged request would, without a browser.
 */
export function actionId(exportedName: string, file: string): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(ROOT, ".next/server/server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { exportedName?: string; filename?: string }> };
  const id = Object.entries(manifest.node).find(([, v]) => v.exportedName === exportedName && v.filename === file)?.[0];
  if (!id) throw new Error(`no server action ${exportedName} of ${file} in the build's manifest`);
  return id;
}

/** The headers Next's client sends with an action (its arguments as a JSON array, text/plain). */
export function actionHeaders(id: string, extra: Record<string, string> = {}): Record<string, string> {
  return { "Next-Action": id, "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component", ...extra };
}
