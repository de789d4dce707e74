import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./source-files";

/**
 * No value import runs in a circle: with one, which module's top level runs first depends on
 * who imports first, and a class or constant can be undefined where it is used. Type-only
 * imports are erased and do not count.
 */
const files = sourceFiles(["lib", "app", "components", "i18n"]);
const known = new Set(files.map((f) => f.fileName));

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? spec.slice(2)
    : spec.startsWith(".")
      ? path.join(path.dirname(from), spec)
      : null;
  if (base === null) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((c) => known.has(c)) ?? null;
}

/** The modules a file needs at run time: its value imports and re-exports. */
function valueImports(file: ts.SourceFile): string[] {
  const out: string[] = [];
  for (const s of file.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(s)) {
      const clause = s.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)
          : false);
      if (!typeOnly) spec = s.moduleSpecifier;
    } else if (ts.isExportDeclaration(s) && !s.isTypeOnly) spec = s.moduleSpecifier;
    const target = spec && ts.isStringLiteral(spec) ? resolve(file.fileName, spec.text) : null;
    if (target) out.push(target);
  }
  return out;
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe("value imports", () => {
  it("form no cycle", () => {
    const graph = new Map(files.map((f) => [f.fileName, valueImports(f)]));
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph).map((c) => c.join(" → "))).toEqual([]);
  });

  it("are found by this scan", () => {
    const errors = files.find((f) => f.fileName === "lib/api/errors.ts")!;
    expect(valueImports(errors)).toContain("lib/api/body.ts");
    const circle = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
    ]);
    expect(cycles(circle)).toEqual([["a", "b", "c", "a"]]);
  });
});
