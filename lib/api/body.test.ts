import { describe, expect, it } from "vitest";
import { SnapError } from "@/lib/snap/codes";
import { parseJsonBody, queryParams } from "./body";

const bytes = (s: string) => new TextEncoder().encode(s);

function failure(fn: () => unknown): { snapCase: string; detail?: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof SnapError) return { snapCase: e.snapCase, detail: e.detail };
    throw e;
  }
  throw new Error("expected a SnapError");
}

describe("parseJsonBody", () => {
  it("parses JSON of any shape; no bytes is no body", () => {
    expect(parseJsonBody(bytes('{"a":[1,{"b":"☕"}]}'))).toEqual({ a: [1, { b: "☕" }] });
    expect(parseJsonBody(bytes("[]"))).toEqual([]);
    expect(parseJsonBody(bytes("null"))).toBeNull();
    expect(parseJsonBody(new Uint8Array(0))).toBeUndefined();
  });

  it.each([
    ["truncated JSON", bytes('{"a":')],
    ["a trailing comma", bytes('{"a":1,}')],
    ["single quotes", bytes("{'a':1}")],
    ["a raw NUL byte inside a string", bytes('{"a":"x\u0000y"}')],
    ["invalid UTF-8", new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ])("refuses %s as 400xx00", (_, raw) => {
    expect(failure(() => parseJsonBody(raw))).toEqual({ snapCase: "badRequest", detail: undefined });
  });

  // Text PostgreSQL cannot store: an escaped U+0000, or a lone UTF-16 surrogate.
  it.each([
    ['{"invoiceTitle":"a\\u0000b"}', "invoiceTitle"],
    ['{"additionalInfo":{"itemDetails":[{"name":"ok"},{"name":"\\u0000"}]}}', "additionalInfo.itemDetails[1].name"],
    ['{"additionalInfo":{"k\\u0000ey":"v"}}', "additionalInfo.key"],
    ['["\\u0000"]', "[0]"],
    ['"\\u0000"', "body"],
    ['{"invoiceTitle":"x\\ud800y"}', "invoiceTitle"],
    ['{"a":{"b":["ok","\\uDFFF"]}}', "a.b[1]"],
    ['{"a":"\\udc00\\ud800"}', "a"],
    ['{"k\\ud83d":"v"}', "k\ud83d"],
  ])("refuses unstorable text in %s as 400xx01 naming %s", (json, field) => {
    expect(failure(() => parseJsonBody(bytes(json)))).toEqual({ snapCase: "invalidFieldFormat", detail: field });
  });

  it("finds U+0000 at the bottom of a 30 000-deep nesting without overflowing the stack", () => {
    const depth = 30_000;
    const json = `{"a":${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}}`;
    expect(failure(() => parseJsonBody(bytes(json)))).toMatchObject({ snapCase: "invalidFieldFormat" });
    expect(failure(() => parseJsonBody(bytes(json))).detail).toBe(`a${"[0]".repeat(15)}`);
  });

  it("accepts an escaped backslash followed by u0000 (no NUL in the value)", () => {
    expect(parseJsonBody(bytes('{"a":"\\\\u0000"}'))).toEqual({ a: "\\u0000" });
  });

  it("accepts a surrogate pair, escaped or as UTF-8", () => {
    expect(parseJsonBody(bytes('{"a":"\\ud83d\\ude00"}'))).toEqual({ a: "\u{1F600}" });
    expect(parseJsonBody(bytes('{"a":"\u{1F600}"}'))).toEqual({ a: "\u{1F600}" });
  });
});

describe("queryParams", () => {
  it("reads the query string", () => {
    expect(queryParams(new URL("http://x/p?pageSize=10&status=00"))).toEqual({ pageSize: "10", status: "00" });
  });

  it("refuses U+0000 in a value or a name", () => {
    expect(failure(() => queryParams(new URL("http://x/p?status=0%000")))).toEqual({ snapCase: "invalidFieldFormat", detail: "status" });
    expect(failure(() => queryParams(new URL("http://x/p?st%00atus=1")))).toEqual({ snapCase: "invalidFieldFormat", detail: "status" });
  });
});
