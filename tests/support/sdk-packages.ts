import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** `npm run sdk:pack` into a fresh directory: the tarballs' paths, as the script prints them. */
export function packSdk(): { node: string; js: string } {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-sdk-pack-"));
  const printed = execFileSync("npm", ["run", "--silent", "sdk:pack", "--", out], { cwd: ROOT, encoding: "utf8" })
    .trim()
    .split("\n");
  const find = (name: string) => {
    const t = printed.find((l) => path.basename(l).startsWith(name));
    if (!t || !fs.existsSync(t)) throw new Error(`sdk:pack did not print ${name}*.tgz: ${printed.join("\n")}`);
    return t;
  };
  return { node: find("nusapay-node-"), js: find("nusapay-js-") };
}

/**
 * A merchant's fresh project outside the repository with the tarballs installed the way a
 * merchant installs them (`npm install ./x.tgz`), offline: the packages have no dependencies.
 */
export function merchantProject(tarballs: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-merchant-"));
  if (path.relative(ROOT, dir).split(path.sep)[0] !== "..")
    throw new Error("the project must be outside the repository");
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "merchant-app", version: "1.0.0", private: true, type: "module" }),
  );
  for (const t of tarballs) fs.copyFileSync(t, path.join(dir, path.basename(t)));
  execFileSync(
    "npm",
    [
      "install",
      "--offline",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      ...tarballs.map((t) => `./${path.basename(t)}`),
    ],
    { cwd: dir, stdio: "pipe" },
  );
  return dir;
}
