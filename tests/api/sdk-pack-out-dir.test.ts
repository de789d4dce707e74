import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it, vi } from "vitest";
import { ROOT } from "@/tests/support/production-server";

vi.setConfig({ testTimeout: 360_000 });

it("npm run sdk:pack -- DIR leaves what DIR already holds, a build/ folder included", () => {
  // `npm run sdk:pack -- .` in a project must not delete the project's build/.
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-sdk-out-"));
  fs.mkdirSync(path.join(out, "build"));
  fs.writeFileSync(path.join(out, "build", "keep.txt"), "mine");
  const printed = execFileSync("npm", ["run", "--silent", "sdk:pack", "--", out], { cwd: ROOT, encoding: "utf8" })
    .trim()
    .split("\n");
  expect(printed.map((p) => path.basename(p)).sort()).toEqual([
    expect.stringMatching(/^nusapay-js-.*\.tgz$/),
    expect.stringMatching(/^nusapay-node-.*\.tgz$/),
  ]);
  expect(fs.readFileSync(path.join(out, "build", "keep.txt"), "utf8")).toBe("mine");
  expect(fs.readdirSync(out).sort()).toEqual(["build", ...printed.map((p) => path.basename(p))].sort());
  fs.rmSync(out, { recursive: true, force: true });
});
