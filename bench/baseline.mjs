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
// The build is kept there, stamped complete once it is, and reused by the next run. The
// baseline is optional: anything that stops it is logged, and the bench goes on without it.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const FILED_COMMIT = "d66bc46f38fe4f506c05648b50ab8b279ae7a41d";

/** A build held by another run is left alone until its lock is this old (a run killed mid-build). */
const STALE_LOCK_MS = 15 * 60_000;

/**
 * The baseline's build: its folder, commit and the label its figures carry; or null, with the
 * reason logged, when it cannot be had here.
 */
export function prepareBaseline(root, log) {
  if (process.env.BENCH_BASELINE === "0") return null;
  const wanted = process.env.BENCH_BASELINE_COMMIT ?? FILED_COMMIT;
  let commit;
  try {
    commit = execFileSync("git", ["rev-parse", "--verify", `${wanted}^{commit}`], { cwd: root, stdio: "pipe" })
      .toString()
      .trim();
  } catch {
    log(`Baseline: commit ${wanted} is not in this clone (a shallow clone?), so it is left out.`);
    return null;
  }
  const label = commit === FILED_COMMIT ? "the filing-day build" : `the ${commit.slice(0, 7)} build`;
  const dir = path.join(os.tmpdir(), `nusapay-baseline-${commit.slice(0, 12)}`);
  const stamp = path.join(dir, ".bench-complete");
  const baseline = { root: dir, commit, label };
  if (fs.existsSync(stamp)) return baseline;

  // One run builds at a time; another finds the lock and goes without (or, if the lock is
  // stale, takes it over).
  const lock = `${dir}.lock`;
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
  } catch {
    const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    if (age < STALE_LOCK_MS) {
      log(`Baseline: another run is building ${commit.slice(0, 7)} (${lock}), so it is left out.`);
      return null;
    }
    fs.writeFileSync(lock, String(process.pid));
  }
  const buildLog = `${dir}.build.log`;
  try {
    log(`Baseline: building ${commit.slice(0, 7)} in ${dir} (its output: ${buildLog})…`);
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
    const out = fs.openSync(buildLog, "w");
    const built = spawnSync("npm", ["run", "build"], { cwd: dir, stdio: ["ignore", out, out] });
    fs.closeSync(out);
    if (built.status !== 0) throw new Error(`its build failed (exit ${built.status}); see ${buildLog}`);
    fs.writeFileSync(stamp, `${commit}\n`);
    return baseline;
  } catch (err) {
    log(`Baseline: ${err instanceof Error ? err.message : String(err)}; it is left out.`);
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  } finally {
    fs.rmSync(lock, { force: true });
  }
}
