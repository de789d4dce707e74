import { describe, expect, it } from "vitest";
import { asMinor } from "@/lib/contract/money";
import { numberInWords, rupiahInWords } from "./amount-words";

describe("numberInWords", () => {
  it.each([
    [0, "zero", "nol"],
    [1, "one", "satu"],
    [10, "ten", "sepuluh"],
    [11, "eleven", "sebelas"],
    [12, "twelve", "dua belas"],
    [19, "nineteen", "sembilan belas"],
    [20, "twenty", "dua puluh"],
    [21, "twenty-one", "dua puluh satu"],
    [99, "ninety-nine", "sembilan puluh sembilan"],
    [100, "one hundred", "seratus"],
    [101, "one hundred one", "seratus satu"],
    [110, "one hundred ten", "seratus sepuluh"],
    [250, "two hundred fifty", "dua ratus lima puluh"],
    [1_000, "one thousand", "seribu"],
    [1_001, "one thousand one", "seribu satu"],
    [11_000, "eleven thousand", "sebelas ribu"],
    [21_000, "twenty-one thousand", "dua puluh satu ribu"],
    [100_000, "one hundred thousand", "seratus ribu"],
    [101_000, "one hundred one thousand", "seratus satu ribu"],
    [150_000, "one hundred fifty thousand", "seratus lima puluh ribu"],
    [1_000_000, "one million", "satu juta"],
    [1_001_000, "one million one thousand", "satu juta seribu"],
    [1_500_000, "one million five hundred thousand", "satu juta lima ratus ribu"],
    [2_000_000_000, "two billion", "dua miliar"],
    [1_000_000_000_000, "one trillion", "satu triliun"],
    [
      90_071_992_547_409,
      "ninety trillion seventy-one billion nine hundred ninety-two million five hundred forty-seven thousand four hundred nine",
      "sembilan puluh triliun tujuh puluh satu miliar sembilan ratus sembilan puluh dua juta lima ratus empat puluh tujuh ribu empat ratus sembilan",
    ],
  ])("%i", (n, en, id) => {
    expect(numberInWords(n, "en")).toBe(en);
    expect(numberInWords(n, "id")).toBe(id);
  });

  it("refuses what is not a whole non-negative number", () => {
    for (const n of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) expect(() => numberInWords(n, "en")).toThrow();
  });
});

describe("rupiahInWords", () => {
  it("writes the amount with its unit in both languages", () => {
    expect(rupiahInWords(asMinor(15_000_000), "en")).toBe("one hundred fifty thousand rupiah");
    expect(rupiahInWords(asMinor(15_000_000), "id")).toBe("seratus lima puluh ribu rupiah");
  });

  it("says the sen when there are any", () => {
    expect(rupiahInWords(asMinor(100_050), "en")).toBe("one thousand rupiah and fifty sen");
    expect(rupiahInWords(asMinor(100_050), "id")).toBe("seribu rupiah lima puluh sen");
    expect(rupiahInWords(asMinor(5), "id")).toBe("lima sen");
  });

  it("reads the largest safe amount", () => {
    expect(rupiahInWords(asMinor(Number.MAX_SAFE_INTEGER), "en")).toMatch(
      /^ninety trillion .* rupiah and ninety-one sen$/,
    );
  });
});
