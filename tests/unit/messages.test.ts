import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import id from "@/messages/id.json";

/** Every leaf path of a message tree; arrays count by length so step lists stay aligned. */
function keys(tree: unknown, prefix = ""): string[] {
  if (Array.isArray(tree)) return tree.map((_, i) => `${prefix}[${i}]`);
  if (tree && typeof tree === "object") {
    return Object.entries(tree).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

/** ICU placeholders ({name} or {name, plural, …}) a message uses. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]!).sort();
}

function leaves(tree: unknown, prefix = ""): [string, string][] {
  if (Array.isArray(tree)) return tree.flatMap((v, i) => leaves(v, `${prefix}[${i}]`));
  if (tree && typeof tree === "object") return Object.entries(tree).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  return [[prefix, String(tree)]];
}

describe("messages", () => {
  it("en.json and id.json have exactly the same keys", () => {
    const a = keys(en).sort();
    const b = keys(id).sort();
    expect(a.filter((k) => !b.includes(k))).toEqual([]);
    expect(b.filter((k) => !a.includes(k))).toEqual([]);
  });

  it("every message uses the same placeholders in both languages", () => {
    const idLeaves = new Map(leaves(id));
    for (const [key, text] of leaves(en)) {
      expect([key, placeholders(idLeaves.get(key) ?? "")]).toEqual([key, placeholders(text)]);
    }
  });

  it("has no empty message", () => {
    for (const [key, text] of [...leaves(en), ...leaves(id)]) expect([key, text.trim().length > 0]).toEqual([key, true]);
  });
});
