import { afterEach, describe, expect, it, vi } from "vitest";
import { browserActions } from "./browser-actions";

const LINK = "8b4f2c1e-3a5d-4e6f-9a7b-1c2d3e4f5a6b";
const answer = (body: unknown, status = 200) => Response.json(body, { status });

/** Every fetch the actions make, answered by `reply`. */
function stubFetch(reply: () => Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return reply();
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("browserActions", () => {
  it("posts to the action routes and hands back their results", async () => {
    const calls = stubFetch(async () => answer({ ok: true, href: `/pay/${LINK}` }));
    const actions = browserActions(LINK);
    const form = new FormData();
    form.set("groupId", "va");
    expect(await actions.chooseMethod({ ok: true }, form)).toEqual({ ok: true, href: `/pay/${LINK}` });
    expect(calls[0]!.url).toBe(`/pay/${LINK}/actions/choose`);
    expect(calls[0]!.init.method).toBe("POST");
    expect(calls[0]!.init.body).toBe(form);
    expect(calls[0]!.init.headers).toEqual({ Accept: "application/json" });

    await actions.removeSavedCard(LINK, "pi_secret", "pm_1");
    await actions.simulatePayment(LINK, "pay");
    expect(calls.map((c) => c.url.split("/").pop())).toEqual(["choose", "remove-card", "simulate"]);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ clientSecret: "pi_secret", paymentMethodId: "pm_1" });
    expect(JSON.parse(String(calls[2]!.init.body))).toEqual({ outcome: "pay" });
  });

  it("fails each call the way its island handles a failed action", async () => {
    for (const reply of [
      () => Promise.reject(new TypeError("Failed to fetch")),
      async () => new Response("<html>not found</html>", { status: 404, headers: { "Content-Type": "text/html" } }),
      async () => answer({ ok: false, error: "malformed_json", message: "…" }, 400),
    ]) {
      stubFetch(reply);
      const actions = browserActions(LINK, { network: "Try again" });
      expect(await actions.chooseMethod({ ok: true }, new FormData())).toEqual({ ok: false, error: "Try again" });
      expect(await actions.simulatePayment(LINK, "pay")).toEqual({ ok: false, error: "Try again" });
      expect(await actions.pollStatus(LINK)).toMatchObject({ ok: false, error: "unavailable" });
      expect(await actions.removeSavedCard(LINK, "s", "pm")).toEqual({ ok: false, error: "" });
      await expect(actions.startCardPayment(LINK)).rejects.toThrow();
    }
  });

  it("answers a refusal as the server gave it", async () => {
    stubFetch(async () => answer({ ok: false, error: "This payment link has expired." }));
    expect(await browserActions().chooseMethod({ ok: true }, new FormData())).toEqual({
      ok: false,
      error: "This payment link has expired.",
    });
  });
});
