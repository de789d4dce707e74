import { describe, expect, it } from "vitest";
import { fromAcceptLanguage, pickLocale } from "./locale";

describe("locale order (docs/contract.md §4.2)", () => {
  it.each([
    [{ explicit: "id", linkLanguage: "en", cookie: "en", acceptLanguage: "en" }, "id"],
    [{ explicit: "fr", linkLanguage: "id", cookie: "en", acceptLanguage: "en" }, "id"],
    [{ linkLanguage: null, cookie: "id", acceptLanguage: "en-US" }, "id"],
    [{ linkLanguage: "en", cookie: "id", acceptLanguage: "id" }, "en"],
    [{ cookie: "xx", acceptLanguage: "fr-FR, id;q=0.8, en;q=0.5" }, "id"],
    [{ acceptLanguage: "fr" }, "en"],
    [{}, "en"],
  ])("%j → %s", (input, expected) => {
    expect(pickLocale(input)).toBe(expected);
  });

  it.each([
    ["id-ID,id;q=0.9,en-US;q=0.8", "id"],
    ["en-US,en;q=0.9,id;q=0.8", "en"],
    ["en;q=0.2, id;q=0.9", "id"],
    ["in", "id"],
    ["id;q=0", null],
    ["", null],
  ])("Accept-Language %s → %s", (header, expected) => {
    expect(fromAcceptLanguage(header)).toBe(expected);
  });
});
