import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CASES, SnapError, type SnapCase } from "@/lib/snap/codes";
import { toSnapAnswer, zodToSnapError } from "./errors";
import { fieldPath } from "./field-path";
import { CreatePaymentLinkRequest, LinkLookupRequest } from "@/lib/contract/payment-link";
import { TokenRequest } from "./routes/access-token";

function validCreate(): Record<string, unknown> {
  return {
    partnerReferenceNo: "INV-1",
    trxId: "TRX-1",
    additionalInfo: {
      invoiceTitle: "Kopi",
      itemDetails: [{ name: "Gayo", price: "125000.00", quantity: 1 }],
      customerDetail: {},
    },
  };
}

function mapped(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected the schema to refuse the value");
  const err = zodToSnapError(parsed.error, value); // as the wrapper calls it
  return { snapCase: err.snapCase, detail: err.detail, answer: toSnapAnswer(err, "27") };
}

describe("fieldPath", () => {
  it.each([
    [[], ""],
    [["trxId"], "trxId"],
    [["additionalInfo", "itemDetails", 0, "price"], "additionalInfo.itemDetails[0].price"],
    [["a", 1, 2, "b"], "a[1][2].b"],
    [[0, "x"], "[0].x"],
  ])("%j → %s", (path, expected) => {
    expect(fieldPath(path as PropertyKey[])).toBe(expected);
  });
});

describe("zodToSnapError", () => {
  it("wrong format in a nested array element → 400xx01 naming additionalInfo.itemDetails[0].price", () => {
    const body = validCreate();
    (body.additionalInfo as { itemDetails: { price: string }[] }).itemDetails[0]!.price = "1.5";
    const m = mapped(CreatePaymentLinkRequest, body);
    expect(m.snapCase).toBe("invalidFieldFormat");
    expect(m.answer).toEqual({
      status: 400,
      body: { responseCode: "4002701", responseMessage: "Invalid Field Format additionalInfo.itemDetails[0].price" },
      unexpected: false,
    });
  });

  it("wrong type → 400xx01", () => {
    const m = mapped(CreatePaymentLinkRequest, { ...validCreate(), trxId: 42 });
    expect(m.answer.body).toEqual({ responseCode: "4002701", responseMessage: "Invalid Field Format trxId" });
  });

  it("null is a wrong value, not a missing one", () => {
    const m = mapped(CreatePaymentLinkRequest, { ...validCreate(), trxId: null });
    expect(m.answer.body.responseCode).toBe("4002701");
  });

  it("missing top-level field → 400xx02", () => {
    const { trxId: _, ...body } = validCreate();
    const m = mapped(CreatePaymentLinkRequest, body);
    expect(m.answer.body).toEqual({ responseCode: "4002702", responseMessage: "Invalid Mandatory Field trxId" });
  });

  it("missing nested field → 400xx02 with its path", () => {
    const body = validCreate();
    delete (body.additionalInfo as { itemDetails: { quantity?: number }[] }).itemDetails[0]!.quantity;
    const m = mapped(CreatePaymentLinkRequest, body);
    expect(m.answer.body).toEqual({
      responseCode: "4002702",
      responseMessage: "Invalid Mandatory Field additionalInfo.itemDetails[0].quantity",
    });
  });

  it("a wrong literal (grantType) → 400xx01 on the token service", () => {
    const parsed = TokenRequest.safeParse({ grantType: "password" });
    const answer = toSnapAnswer(zodToSnapError(parsed.error!), "73");
    expect(answer).toEqual({
      status: 400,
      body: { responseCode: "4007301", responseMessage: "Invalid Field Format grantType" },
      unexpected: false,
    });
  });

  it("a missing literal (grantType) → 400xx02: decided on the input, not zod's wording", () => {
    const input = {};
    const parsed = TokenRequest.safeParse(input);
    expect(toSnapAnswer(zodToSnapError(parsed.error!, input), "73").body).toEqual({
      responseCode: "4007302",
      responseMessage: "Invalid Mandatory Field grantType",
    });
  });

  it("a missing enum and a missing nested literal-like field → 400xx02 when the input is given", () => {
    const schema = z.object({ a: z.object({ lang: z.enum(["en", "id"]) }) });
    const input = { a: {} };
    expect(zodToSnapError(schema.safeParse(input).error!, input)).toMatchObject({
      snapCase: "invalidMandatoryField",
      detail: "a.lang",
    });
    const wrong = { a: { lang: "fr" } };
    expect(zodToSnapError(schema.safeParse(wrong).error!, wrong)).toMatchObject({
      snapCase: "invalidFieldFormat",
      detail: "a.lang",
    });
  });

  it("a body that is not an object is named `body`", () => {
    expect(mapped(LinkLookupRequest, []).answer.body).toEqual({
      responseCode: "4002701",
      responseMessage: "Invalid Field Format body",
    });
    expect(mapped(LinkLookupRequest, "x").answer.body.responseMessage).toBe("Invalid Field Format body");
  });

  it("without the input, falls back to zod's wording for a missing field", () => {
    const { trxId: _, ...body } = validCreate();
    expect(zodToSnapError(CreatePaymentLinkRequest.safeParse(body).error!)).toMatchObject({
      snapCase: "invalidMandatoryField",
      detail: "trxId",
    });
  });

  it("an error without issues is a plain Bad Request", () => {
    expect(zodToSnapError(new z.ZodError([])).snapCase).toBe("badRequest");
  });
});

describe("toSnapAnswer", () => {
  it.each(Object.keys(CASES) as SnapCase[])("%s: the HTTP status equals the first three digits", (snapCase) => {
    const answer = toSnapAnswer(new SnapError(snapCase), "27");
    expect(answer.body.responseCode).toMatch(/^\d{7}$/);
    expect(answer.status).toBe(Number(answer.body.responseCode.slice(0, 3)));
    expect(answer.status).toBe(CASES[snapCase].http);
    expect(answer.body.responseCode.slice(3, 5)).toBe("27");
    expect(answer.body.responseMessage).toBe(CASES[snapCase].message);
  });

  it("appends the detail: a field name, or the reason after Unauthorized.", () => {
    expect(toSnapAnswer(new SnapError("invalidMandatoryField", "X-TIMESTAMP"), "27").body).toEqual({
      responseCode: "4002702",
      responseMessage: "Invalid Mandatory Field X-TIMESTAMP",
    });
    expect(toSnapAnswer(new SnapError("unauthorized", "Signature"), "73").body).toEqual({
      responseCode: "4017300",
      responseMessage: "Unauthorized. Signature",
    });
  });

  it.each([
    ["an Error", new Error("connection refused: postgres://user:pw@db/x")],
    ["a TypeError", new TypeError("cannot read properties of undefined")],
    ["a thrown string", "boom"],
    ["undefined", undefined],
  ])("maps %s to 500xx00 General Error, flagged unexpected, without its message", (_, err) => {
    const answer = toSnapAnswer(err, "27");
    expect(answer).toEqual({
      status: 500,
      body: { responseCode: "5002700", responseMessage: "General Error" },
      unexpected: true,
    });
  });
});
