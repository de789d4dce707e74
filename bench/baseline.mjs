// The code as it was when issue 12 was filed, built beside this checkout, so issue 12's figures
// can be printed beside "today's" (the word) measured in the same run on the same machine.
//
// d66bc46 is the last commit before the session in which issue 12 was filed (2026-11-23 12:36
// UTC; that session's first commit is at 15:42): the checkout that polled with pollStatus and
// called its gateway over loopback HTTP, before any of issue 12's work. BENCH_BASELINE_COMMIT picks
// another commit, BENCH_BASELINE=0 skips it.
//
// The tree comes from `git archive` (nothing in this checkout changes) into a folder outside it
// (the linters, tsc and the test runner never see it), with this checkout's node_modules
// hard-linked in: that commit's runtime dependencies are the same versions, a subset of today's.
// The build is kept there and reused by the next run.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const FILED_COMMIT = "d66bc46f38fe4f506c05648b50ab8b279ae7a41d";

/** The baseline's built folder, or null (with the reason logged) when it cannot be had here. */
export function prepareBaseline(root, log) {
  if (process.env.BENCH_BASELINE === "0") return null;
  const wanted = process.env.BENCH_BASELINE_COMMIT ?? FILED_COMMIT;
  let commit;
  try {
    commit = execFileSync("git", ["rev-parse", "--verify", `${wanted}^{commit}`], { cwd: root, stdio: "pipe" })
      .toString()
      .trim();
  } catch {
    log(`Filing-day baseline: commit ${wanted} is not in this clone (a shallow clone?), so it is left out.`);
    return null;
  }
  const dir = path.join(os.tmpdir(), `nusapay-baseline-${commit.slice(0, 12)}`);
  if (fs.existsSync(path.join(dir, ".next/BUILD_ID")) && fs.existsSync(path.join(dir, "dist/server.js"))) return dir;

  log(`Filing-day baseline: building ${commit.slice(0, 7)} in ${dir}…`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const tar = execFileSync("git", ["archive", "--format=tar", commit], { cwd: root, maxBuffer: 1 << 30 });
  execFileSync("tar", ["-x", "-C", dir], { input: tar });
  // Hard links cost nothing on one file system; a copy otherwise. Next refuses a symlinked
  // node_modules that points out of the project.
  const modules = path.join(root, "node_modules");
  if (spawnSync("cp", ["-al", modules, dir]).status !== 0) {
    fs.rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
    execFileSync("cp", ["-a", modules, dir]);
  }
  const built = spawnSync("npm", ["run", "build"], { cwd: dir, stdio: "pipe", encoding: "utf8" });
  if (built.status !== 0) {
    log(`Filing-day baseline: its build failed, so it is left out:\n${built.stdout}${built.stderr}`);
    fs.rmSync(path.join(dir, ".next"), { recursive: true, force: true });
    return null;
  }
  return dir;
}
