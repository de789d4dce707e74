import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import en from "@/messages/en.json";
import id from "@/messages/id.json";
import { methodName, type MethodWords } from "./method-name";

function words(messages: typeof en, locale: "en" | "id"): MethodWords {
  const t = createTranslator({ locale, messages });
  return { va: (bank) => t("Va.title", { bank }), qr: t("Qr.method"), card: t("Card.method") };
}

describe("methodName: the console names methods as a merchant does, in both languages", () => {
  it.each([
    ["va.bni", "BNI Virtual Account", "Virtual Account BNI"],
    ["va.cimb", "CIMB Niaga Virtual Account", "Virtual Account CIMB Niaga"],
    ["qr.qris", "QRIS", "QRIS"],
    ["cc.card", "Card", "Kartu"],
    ["ew.gopay", "GoPay", "GoPay"],
    ["ew.ovo", "OVO", "OVO"],
    ["ew.unknown", "ew.unknown", "ew.unknown"],
  ])("%s", (raw, inEnglish, inIndonesian) => {
    expect(methodName(raw, words(en, "en"))).toBe(inEnglish);
    expect(methodName(raw, words(id, "id"))).toBe(inIndonesian);
  });
});
