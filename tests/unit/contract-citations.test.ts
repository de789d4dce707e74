import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Code, tests and docs cite the wire contract by section (`docs/contract.md §2.5`). A citation
 * is only worth something if a reader can follow it: each must name a heading that exists in
 * docs/contract.md, so renumbering or deleting a section fails here instead of leaving
 * dangling pointers. The two documents the code used to cite by bare name live outside the
 * repository; a clone cannot follow them, so no such citation may come back.
 */
const ROOT = process.cwd();
const CONTRACT = "docs/contract.md";
const DIRS = ["app", "components", "lib", "tests", "e2e", "scripts", "bench", "i18n", "docs"];
const SKIPPED_DIRS = new Set(["node_modules", ".next", "dist", "screenshots", "test-results", "playwright-report"]);
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|sql|md|css)$/;

const SECTION = String.raw`§(\d+(?:\.\d+)?)`;
/**
 * `docs/contract.md §2.5`, and in docs/ the link form `[contract](contract.md) §2.5`; a list
 * that follows (`, §12.6`, ` and §3`) cites each of its sections too. A comment may wrap
 * between the file and the section.
 */
const CITATION = new RegExp(
  String.raw`contract\.md\)?[\s*/#]*${SECTION}((?:\s*(?:,|and|or|–)\s*§\d+(?:\.\d+)?)*)`,
  "g",
);
/** The old bare forms: the name of a document not in the repository, with or without a section. */
const BARE = /\b(?:CONTRACT|INTERFACE)(?:\.md\b|\s*§|:)/g;

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(rel);
      } else if (TEXT_FILE.test(entry.name)) out.push(rel);
    }
  };
  for (const dir of DIRS) walk(dir);
  // Top-level files: README.md, proxy.ts, instrumentation.ts, the configs.
  for (const entry of fs.readdirSync(ROOT, { withFileTypes: true }))
    if (entry.isFile() && TEXT_FILE.test(entry.name)) out.push(entry.name);
  return out;
}

/** Section numbers of the `## N.` and `### N.M` headings. */
function headingsOf(markdown: string): string[] {
  return [...markdown.matchAll(/^#{2,3} (\d+(?:\.\d+)?)[.\s]/gm)].map((m) => m[1]!);
}

/** The sections a text cites, each with its line number. */
function citationsIn(text: string): { section: string; line: number }[] {
  const found: { section: string; line: number }[] = [];
  for (const m of text.matchAll(CITATION)) {
    const line = text.slice(0, m.index).split("\n").length;
    found.push({ section: m[1]!, line });
    for (const more of (m[2] ?? "").matchAll(new RegExp(SECTION, "g"))) found.push({ section: more[1]!, line });
  }
  return found;
}

const contractText = fs.readFileSync(path.join(ROOT, CONTRACT), "utf8");
const headings = headingsOf(contractText);
const files = sourceFiles();

describe("citations of docs/contract.md", () => {
  it("reads citations as the code writes them", () => {
    expect(citationsIn("// see docs/contract.md §2.5, §12.6 and §3.").map((c) => c.section)).toEqual([
      "2.5",
      "12.6",
      "3",
    ]);
    expect(citationsIn("a\n * (docs/contract.md\n * §4.2 order)").map((c) => [c.section, c.line])).toEqual([
      ["4.2", 2],
    ]);
    expect(citationsIn("as [the contract](contract.md) §2.8 says").map((c) => c.section)).toEqual(["2.8"]);
    expect(citationsIn("see docs/contract.md for the whole")).toEqual([]);
    expect(headingsOf("## 2. Signed family\n### 2.10 Bodies\n#### 2.10.1 deeper\n")).toEqual(["2", "2.10"]);
  });

  it("docs/contract.md numbers each section once", () => {
    expect(headings).toEqual(expect.arrayContaining(["1", "2", "2.1", "3", "4", "5", "6", "7", "12"]));
    expect(headings.filter((h, i) => headings.indexOf(h) !== i)).toEqual([]);
  });

  it("every cited section exists", () => {
    const all = files.flatMap((file) =>
      citationsIn(fs.readFileSync(path.join(ROOT, file), "utf8")).map((c) => ({ file, ...c })),
    );
    // The code cites the contract dozens of times; none found means the scan is broken.
    expect(all.length).toBeGreaterThan(50);
    // Inside the contract itself a bare `§2.2` is a cross-reference to its own sections.
    for (const m of contractText.matchAll(new RegExp(SECTION, "g")))
      all.push({ file: CONTRACT, section: m[1]!, line: contractText.slice(0, m.index).split("\n").length });
    const dangling = all.filter((c) => !headings.includes(c.section)).map((c) => `${c.file}:${c.line} §${c.section}`);
    expect(dangling).toEqual([]);
  });

  it("no citation of a document outside the repository remains", () => {
    const bare = files.flatMap((file) => {
      const text = fs.readFileSync(path.join(ROOT, file), "utf8");
      return [...text.matchAll(BARE)].map((m) => `${file}:${text.slice(0, m.index).split("\n").length} ${m[0]}`);
    });
    expect(bare).toEqual([]);
  });
});
