import { asMinor, type Minor } from "@/lib/contract/money";
import type { Locale } from "./locale";

/**
 * An amount of rupiah in words ("one hundred fifty thousand rupiah", "seratus lima puluh ribu
 * rupiah"), for the confirmations where a misread zero costs money (the console's refund). The
 * figure beside it is Intl's; the words say the same amount another way, so a merchant who
 * typed 1500000 for 150000 reads "one million five hundred thousand" before confirming.
 */

const EN_ONES = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const EN_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
/** Short scale, as English writes money; Number.MAX_SAFE_INTEGER sen is ninety trillion rupiah. */
const EN_SCALES = ["", "thousand", "million", "billion", "trillion"];

const ID_ONES = ["nol", "satu", "dua", "tiga", "empat", "lima", "enam", "tujuh", "delapan", "sembilan"];
const ID_SCALES = ["", "ribu", "juta", "miliar", "triliun"];

/** 1–999 in English: "one hundred fifty", "twenty-one". */
function enUnder1000(n: number): string {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) words.push(`${EN_ONES[hundreds]} hundred`);
  if (rest >= 20)
    words.push(rest % 10 === 0 ? EN_TENS[rest / 10]! : `${EN_TENS[Math.floor(rest / 10)]}-${EN_ONES[rest % 10]}`);
  else if (rest > 0) words.push(EN_ONES[rest]!);
  return words.join(" ");
}

/** 1–999 in Indonesian: "seratus lima puluh", "sebelas", "dua belas". Se- is "one" before a unit. */
function idUnder1000(n: number): string {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 1) words.push("seratus");
  else if (hundreds > 1) words.push(`${ID_ONES[hundreds]} ratus`);
  if (rest === 10) words.push("sepuluh");
  else if (rest === 11) words.push("sebelas");
  else if (rest > 11 && rest < 20) words.push(`${ID_ONES[rest - 10]} belas`);
  else if (rest >= 20) {
    words.push(`${ID_ONES[Math.floor(rest / 10)]} puluh`);
    if (rest % 10 > 0) words.push(ID_ONES[rest % 10]!);
  } else if (rest > 0) words.push(ID_ONES[rest]!);
  return words.join(" ");
}

/** A non-negative safe integer in words. */
export function numberInWords(n: number, locale: Locale): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole non-negative number: ${n}`);
  if (n === 0) return locale === "id" ? ID_ONES[0]! : EN_ONES[0]!;
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  if (groups.length > EN_SCALES.length) throw new RangeError(`too large to write out: ${n}`);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (g === 0) continue;
    if (locale === "id") {
      // One thousand alone is "seribu"; one million is "satu juta" (se- joins only ribu).
      if (i === 1 && g === 1) words.push("seribu");
      else words.push(i === 0 ? idUnder1000(g) : `${idUnder1000(g)} ${ID_SCALES[i]}`);
    } else {
      words.push(i === 0 ? enUnder1000(g) : `${enUnder1000(g)} ${EN_SCALES[i]}`);
    }
  }
  return words.join(" ");
}

/** An amount in words with its unit: "one hundred fifty thousand rupiah", sen when there are any. */
export function rupiahInWords(minor: Minor, locale: Locale): string {
  const abs = asMinor(Math.abs(minor));
  const whole = Math.floor(abs / 100);
  const sen = abs % 100;
  const minus = minor < 0 ? "minus " : "";
  const rupiah = `${numberInWords(whole, locale)} rupiah`;
  if (sen === 0) return `${minus}${rupiah}`;
  const senWords = `${numberInWords(sen, locale)} sen`;
  if (whole === 0) return `${minus}${senWords}`;
  return `${minus}${rupiah} ${locale === "id" ? "" : "and "}${senWords}`;
}
