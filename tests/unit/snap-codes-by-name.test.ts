import ts from "typescript";
import { describe, expect, it } from "vitest";
import { PAY_LINK_REFUSALS, WALLET_PHONE_REFUSALS } from "@/lib/clients/gateway-client";
import { sourceFiles } from "./source-files";

/**
 * The pages react to SNAP response codes by name (lib/clients), never as bare 7-digit
 * strings: a code written out in a page is a second copy of the gateway's code table.
 */
function bareCodes(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && /^\d{7}$/.test(node.text)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push(`${file.fileName}:${line + 1} "${node.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("SNAP codes in the pages", () => {
  it("appear by name only in app/, components/ and the pages' lib folders", () => {
    const files = sourceFiles(["app", "components", "lib/checkout", "lib/console"]);
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(bareCodes)).toEqual([]);
  });

  it("are found by this scan", () => {
    const sample = ts.createSourceFile("x.ts", 'if (code === "4042714") f(`4032700`);', ts.ScriptTarget.Latest, true);
    expect(bareCodes(sample)).toHaveLength(2);
  });

  it("name what the gateway answers Pay Payment Link with (docs/contract.md §2.3: expired, paid)", () => {
    expect(PAY_LINK_REFUSALS).toEqual({ expired: "4032700", paid: "4042714" });
  });

  it("name Pay Payment Link's refusals of an OVO number (docs/contract.md §8: malformed, missing)", () => {
    expect(WALLET_PHONE_REFUSALS).toEqual({ malformed: "4002701", missing: "4002702" });
  });
});
