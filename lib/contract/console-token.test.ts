import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CONSOLE_TOKENS_IN_TEXT, isConsoleToken } from "./console-token";

describe("the console session token's shape", () => {
  it("is what the gateway issues, and nothing near it", () => {
    for (let i = 0; i < 50; i++) expect(isConsoleToken(`cs_${randomBytes(32).toString("base64url")}`)).toBe(true);
    const body = "A".repeat(43);
    for (const near of [`cs_${body.slice(1)}`, `cs_${body}A`, `cx_${body}`, ` cs_${body}`, `cs_${body.slice(1)}=`])
      expect(isConsoleToken(near), near).toBe(false);
  });

  it("is found inside a text only as a whole token", () => {
    const token = `cs_${"b".repeat(43)}`;
    const redact = (text: string) => text.replace(CONSOLE_TOKENS_IN_TEXT, "cs_[REDACTED]");
    expect(redact(`cookie=${token}; path=/merchant and ${token}.`)).toBe(
      "cookie=cs_[REDACTED]; path=/merchant and cs_[REDACTED].",
    );
    // A longer run is not a token the console issued: left as it is.
    expect(redact(`${token}c`)).toBe(`${token}c`);
  });
});
