import { describe, expect, it } from "vitest";
import { confirmCardPayment, listSavedCards, removeSavedCard } from "./";

const ID = "0b7c3c57-2f1e-4a53-9a57-4f3c1b0e9d21";
const SECRET = `pi_${ID}_secret_abcDEF123_-x`;
const card = { number: "4000 0000 0000 3220", expMonth: 12, expYear: 2034, cvc: "123", holderName: "Siti" };

/** A fetch that records the one request and answers with `answer`. */
function recorder(status: number, answer: unknown) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(JSON.stringify(answer), { status, headers: { "Content-Type": "application/json" } });
  }) as unknown as typeof fetch;
  return { seen, fetchImpl };
}

describe("confirmCardPayment", () => {
  it("posts the card without spaces to the intent's confirm path, with the Idempotency-Key when given", async () => {
    const { seen, fetchImpl } = recorder(200, {
      id: ID,
      status: "succeeded",
      amount: 1,
      currency: "IDR",
      card: null,
      lastError: null,
      nextAction: null,
    });
    const r = await confirmCardPayment({
      clientSecret: SECRET,
      card,
      baseUrl: "http://gw.test/",
      fetchImpl,
      idempotencyKey: "retry-1",
    });
    expect(r.status).toBe("succeeded");
    expect(seen[0]!.url).toBe(`http://gw.test/v1/payment-intents/${ID}/confirm`);
    expect((seen[0]!.init.headers as Record<string, string>)["Idempotency-Key"]).toBe("retry-1");
    expect(JSON.parse(String(seen[0]!.init.body)).card.number).toBe("4000000000003220");
  });

  it("sends no Idempotency-Key unless asked", async () => {
    const { seen, fetchImpl } = recorder(200, { id: ID, status: "succeeded" });
    await confirmCardPayment({ clientSecret: SECRET, card, baseUrl: "http://gw.test", fetchImpl });
    expect(Object.keys(seen[0]!.init.headers as Record<string, string>)).toEqual(["Content-Type"]);
  });

  it("carries the payer's language to the 3-D Secure page", async () => {
    const redirectUrl = `http://gw.test/v1/payment-intents/${ID}/3ds?token=t0k`;
    const { fetchImpl } = recorder(200, {
      id: ID,
      status: "requires_action",
      nextAction: { type: "redirect_to_url", redirectUrl },
    });
    const r = await confirmCardPayment({
      clientSecret: SECRET,
      card,
      baseUrl: "http://gw.test",
      fetchImpl,
      locale: "id",
    });
    expect(r).toMatchObject({ status: "requires_action", redirectUrl: `${redirectUrl}&lang=id` });
  });

  it("turns a decline into a failed result with the gateway's error", async () => {
    const { fetchImpl } = recorder(402, {
      error: { type: "card_error", code: "card_declined", message: "Your card was declined.", param: null },
    });
    const r = await confirmCardPayment({ clientSecret: SECRET, card, baseUrl: "http://gw.test", fetchImpl });
    expect(r).toMatchObject({ status: "failed", error: { code: "card_declined" } });
  });
});

describe("saved cards (docs/contract.md §10)", () => {
  const PM = "pm_5f1c0e9a3b7d42c8a1e6f0b2";

  it("confirms with a saved card and its CVC, no card object", async () => {
    const { seen, fetchImpl } = recorder(200, { id: ID, status: "succeeded" });
    await confirmCardPayment({
      clientSecret: SECRET,
      paymentMethod: PM,
      cvc: "123",
      baseUrl: "http://gw.test",
      fetchImpl,
    });
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({ clientSecret: SECRET, paymentMethod: PM, cvc: "123" });
  });

  it("asks to keep a new card with setupFutureUsage", async () => {
    const { seen, fetchImpl } = recorder(200, { id: ID, status: "succeeded" });
    await confirmCardPayment({
      clientSecret: SECRET,
      card,
      setupFutureUsage: "on_session",
      baseUrl: "http://gw.test",
      fetchImpl,
    });
    expect(JSON.parse(String(seen[0]!.init.body))).toMatchObject({ setupFutureUsage: "on_session" });
  });

  it("lists and removes with the client secret in a header, never in the URL", async () => {
    const saved = {
      id: PM,
      brand: "visa",
      last4: "1111",
      expMonth: 12,
      expYear: 2030,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    const list = recorder(200, { data: [saved] });
    expect(
      await listSavedCards({ clientSecret: SECRET, baseUrl: "http://gw.test", fetchImpl: list.fetchImpl }),
    ).toEqual({
      ok: true,
      value: [saved],
    });
    expect(list.seen[0]!.url).toBe(`http://gw.test/v1/payment-intents/${ID}/payment-methods`);
    expect(list.seen[0]!.init).toMatchObject({ method: "GET", headers: { "X-Client-Secret": SECRET } });
    const gone = recorder(404, {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: "No such payment method.",
        param: "paymentMethodId",
      },
    });
    const r = await removeSavedCard({
      clientSecret: SECRET,
      paymentMethod: PM,
      baseUrl: "http://gw.test",
      fetchImpl: gone.fetchImpl,
    });
    expect(r).toMatchObject({ ok: false, error: { code: "resource_missing" } });
    expect(gone.seen[0]!.url).toBe(`http://gw.test/v1/payment-intents/${ID}/payment-methods/${PM}`);
    expect(gone.seen[0]!.init.method).toBe("DELETE");
  });
});
