// The design system's rules, checked on the sources (docs/design-system.md):
//  - one palette: no colour literal outside app/globals.css's @theme (three palettes drifted
//    apart before: the checkout's, the static 404's and the gateway pages');
//  - no inline style: no `style=` attribute, `style` prop or <style> element in markup we write;
//  - every class a primitive names exists in the compiled stylesheet that serves it (a token
//    renamed in the theme would otherwise silently drop a style);
//  - the payer's sheet does not carry the console's classes (they weighed on the checkout's
//    first load when both shared one sheet).
import fs from "node:fs";
import path from "node:path";
import tailwind from "@tailwindcss/postcss";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { notFoundHtml } from "./not-found";
import {
  badgeClass,
  buttonClass,
  cardClass,
  chrome,
  field,
  gatewayPage,
  sandboxNoteClass,
  skipLinkClass,
  table,
} from "./recipes";
import { consoleTable, fieldsetClass, legendClass } from "@/components/merchant/recipes";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MARKUP_DIRS = ["app", "components", "lib/ui", "lib/api/pages", "lib/api/routes"];

function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...files(rel));
    else if (/\.(tsx?|css)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

type Sheet = "app/checkout.css" | "app/merchant/console.css";

async function compiled(sheet: Sheet): Promise<string> {
  const from = path.join(ROOT, sheet);
  return (await postcss([tailwind({ base: ROOT })]).process(fs.readFileSync(from, "utf8"), { from })).css;
}

/** The classes of `recipes` that `css` lacks. */
function missingFrom(css: string, recipes: string[]): string[] {
  return recipes
    .flatMap((r) => r.split(/\s+/))
    .filter((cls) => {
      const escaped = cls.replace(/[[\]=:/.*()>&,]/g, (c) => `\\${c}`);
      return !css.includes(`.${escaped}`);
    });
}

describe("design system", () => {
  it("has one palette: colour literals only in the @theme of app/globals.css", () => {
    const found: string[] = [];
    for (const f of MARKUP_DIRS.flatMap(files)) {
      let text = fs.readFileSync(path.join(ROOT, f), "utf8");
      if (f === path.join("app", "globals.css")) text = text.replace(/@theme[^{]*\{[^}]*\}/, "");
      // The QR code is black on white by the standard (ISO/IEC 18004), not by taste.
      if (f.endsWith("qr-panel.tsx")) text = text.replace(/dark: "#000000", light: "#ffffff"/, "");
      for (const m of text.matchAll(
        /#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b(?![0-9a-fA-F-])|\brgba?\(|\bhsla?\(|\boklch\(/g,
      ))
        found.push(`${f}: ${m[0]}`);
    }
    // The browser-chrome colour in app/layout.tsx (viewport themeColor) must be a literal there.
    expect(found.filter((f) => !/app[/\\]layout\.tsx: #0f4c81/.test(f))).toEqual([]);
  });

  it("has no inline styles: no style attribute, style prop or <style> element", () => {
    const found: string[] = [];
    for (const f of MARKUP_DIRS.flatMap(files)) {
      const text = fs.readFileSync(path.join(ROOT, f), "utf8");
      for (const m of text.matchAll(/\sstyle=|\bstyle=\{|<style[\s>]/g)) found.push(`${f}: ${m[0].trim()}`);
    }
    expect(found).toEqual([]);
  });

  // Shared by the checkout, the console and the gateway's pages: both sheets carry them.
  const shared = [
    buttonClass(),
    buttonClass({ variant: "secondary", size: "sm", block: true }),
    buttonClass({ variant: "danger" }),
    buttonClass({ variant: "onBrand", size: "sm" }),
    skipLinkClass,
    field.wrapper,
    field.label,
    field.input,
    field.error,
    cardClass,
    badgeClass("ok"),
    badgeClass("warn"),
    badgeClass("bad"),
    badgeClass("neutral"),
    badgeClass("brand"),
    ...Object.values(table),
    ...Object.values(chrome),
    ...Object.values(gatewayPage),
    sandboxNoteClass,
  ];
  const consoleOnly = [consoleTable, fieldsetClass, legendClass];

  it("compiles every class the primitives and the static pages use into the payer's sheet", async () => {
    expect(missingFrom(await compiled("app/checkout.css"), shared)).toEqual([]);
  });

  it("compiles every class the console uses into the console's sheet", async () => {
    expect(missingFrom(await compiled("app/merchant/console.css"), [...shared, ...consoleOnly])).toEqual([]);
  });

  it("keeps the console's own classes out of the payer's sheet", async () => {
    const checkout = await compiled("app/checkout.css");
    // The console's table cells ([&_td]:…) are the bulk of what it used to add to the payer's load.
    expect(missingFrom(checkout, [consoleTable])).toContain("[&_td]:border-t");
    expect(checkout).not.toContain("_td");
  });

  it("serves the static 404 with the compiled stylesheet and nothing inline", () => {
    for (const locale of ["en", "id"] as const) {
      const html = notFoundHtml(locale);
      expect(html).toContain('<link rel="stylesheet" href="/nusapay.css">');
      expect(html).not.toMatch(/style=|<style|<script/);
      expect(html).toContain(`<html lang="${locale}">`);
    }
  });
});
