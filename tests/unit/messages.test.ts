import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import id from "@/messages/id.json";

/**
 * The one catalogue (messages/*.json, next-intl's ICU syntax) for the checkout and the
 * gateway's own pages. The ICU parser is next-intl's own (a dependency of use-intl).
 */

/** Every leaf of a message tree with its path; arrays count by index so step lists stay aligned. */
function leaves(tree: unknown, prefix = ""): [string, string][] {
  if (Array.isArray(tree)) return tree.flatMap((v, i) => leaves(v, `${prefix}[${i}]`));
  if (tree && typeof tree === "object")
    return Object.entries(tree).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  return [[prefix, String(tree)]];
}

/** The arguments ({name}, {n, plural, …}) and rich-text tags (<code>…</code>) a message uses. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
    found.add(e.type === TYPE.tag ? `<${e.value}>` : e.value);
    if (e.type === TYPE.tag) argumentsOf(e.children, found);
    if (e.type === TYPE.plural || e.type === TYPE.select)
      for (const option of Object.values(e.options)) argumentsOf(option.value, found);
  }
  return found;
}

const names = (text: string) => [...argumentsOf(parse(text))].sort();

/**
 * Values that are rightly the same in both languages, each with its reason. Anything else
 * identical in id.json is an untranslated message.
 */
const SAME_IN_BOTH: Record<string, string> = {
  "Layout.languageEnglish": "each language is named in its own language (endonym)",
  "Layout.languageIndonesian": "each language is named in its own language (endonym)",
  "Invoice.lineTotal": "'Total' is the Indonesian word too",
  "Invoice.total": "'Total' is the Indonesian word too",
  "Invoice.subtotal": "'Subtotal' is the Indonesian word too",
  "Invoice.quantityTimesPrice": "only arguments and the × sign",
  "Invoice.email": "'Email' is what Indonesian forms and banks write",
  "Va.atm": "ATM is the Indonesian term too",
  "Va.mobile": "'Mobile banking' is the term Indonesian banks use in their apps and guides",
  "Va.internet": "'Internet banking' is the term Indonesian banks use",
  "Qr.method": "QRIS is a proper name (Bank Indonesia's QR standard)",
  "ThreeDs.card": "only arguments (brand, last four, amount) and markup",
  "ConsoleSignIn.email": "'Email' is what Indonesian forms and banks write",
  "ConsoleCreate.email": "'Email' is what Indonesian forms and banks write",
  "ConsoleLinks.status": "'Status' is the Indonesian word too",
  "ConsoleLinks.total": "'Total' is the Indonesian word too",
  "ConsoleLinks.none": "a dash, no words",
  "ConsoleCreate.total": "'Total' is the Indonesian word too",
  "ConsoleCreate.subtotal": "'Subtotal' is the Indonesian word too",
  "ConsoleLink.total": "'Total' is the Indonesian word too",
  "ConsoleLink.subtotal": "'Subtotal' is the Indonesian word too",
  "ConsoleCreate.english": "each language is named in its own language (endonym)",
  "ConsoleCreate.indonesian": "each language is named in its own language (endonym)",
  "Home.productionTitle": "the product's name, the same in every language",
  "ConsoleMethods.switchState": "only arguments (the method, its state) and a colon",
  "Card.savedCard": "only arguments (the brand, the last 4) and the mask dots",
};

describe("messages", () => {
  const enLeaves = new Map(leaves(en));
  const idLeaves = new Map(leaves(id));

  it("en.json and id.json have exactly the same keys", () => {
    expect([...idLeaves.keys()].filter((k) => !enLeaves.has(k))).toEqual([]);
    expect([...enLeaves.keys()].filter((k) => !idLeaves.has(k))).toEqual([]);
  });

  it("every message is valid ICU", () => {
    for (const [lang, map] of [
      ["en", enLeaves],
      ["id", idLeaves],
    ] as const) {
      for (const [key, text] of map) expect(() => parse(text), `${lang} ${key}`).not.toThrow();
    }
  });

  it("every message takes the same arguments and tags in both languages", () => {
    for (const [key, text] of enLeaves) expect([key, names(idLeaves.get(key) ?? "")]).toEqual([key, names(text)]);
  });

  it("has no empty message", () => {
    for (const [key, text] of [...enLeaves, ...idLeaves]) expect([key, text.trim().length > 0]).toEqual([key, true]);
  });

  it("has no untranslated Indonesian message, except the allowlisted names and terms", () => {
    const same = [...enLeaves].filter(([key, text]) => idLeaves.get(key) === text).map(([key]) => key);
    expect(same.filter((key) => !(key in SAME_IN_BOTH))).toEqual([]);
    // an allowlist entry that no longer applies is removed, not kept "just in case"
    expect(Object.keys(SAME_IN_BOTH).filter((key) => !same.includes(key))).toEqual([]);
  });

  it("argument extraction sees plural branches and tags", () => {
    expect(names("{minutes, plural, one {# minute} other {# minutes}} for {who}")).toEqual(["minutes", "who"]);
    expect(names("Open <code>{cmd}</code>")).toEqual(["<code>", "cmd"]);
  });
});
