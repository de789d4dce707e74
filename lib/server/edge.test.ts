import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { refusalBeforeNext } from "./edge";

const request = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  ({ url, headers, method }) as unknown as IncomingMessage;
const action = (origin: string, extra: Record<string, string> = {}) =>
  request("/merchant/sign-in", { host: "127.0.0.1:3000", "next-action": "a".repeat(42), origin, ...extra }, "POST");
/** The same action from a page without JavaScript: a plain form post, no Next-Action header. */
const formPost = (origin: string) =>
  request(
    "/merchant/sign-in",
    { host: "127.0.0.1:3000", origin, "content-type": "application/x-www-form-urlencoded" },
    "POST",
  );

describe("refusalBeforeNext", () => {
  it("passes what Next answers itself: pages, odd but decodable paths, actions from their own origin", () => {
    expect(refusalBeforeNext(request("/pay/1?lang=id"), "/pay/1")).toBeNull();
    expect(refusalBeforeNext(request("/pay/%E2%82%AC"), "/pay/%E2%82%AC")).toBeNull();
    expect(refusalBeforeNext(action("http://127.0.0.1:3000"), "/merchant/sign-in")).toBeNull();
    // behind a proxy, Next compares the Origin with X-Forwarded-Host: so does this check
    expect(
      refusalBeforeNext(
        action("https://pay.example", { host: "10.0.0.5:3000", "x-forwarded-host": "pay.example, 10.0.0.1" }),
        "/merchant/sign-in",
      ),
    ).toBeNull();
    // no Origin (an old browser, a script): Next decides, as before
    expect(
      refusalBeforeNext(request("/merchant/sign-in", { "next-action": "a" }, "POST"), "/merchant/sign-in"),
    ).toBeNull();
  });

  it("refuses targets that are not paths, escapes that do not decode, and actions from elsewhere", () => {
    expect(refusalBeforeNext(request("*"), "*")?.status).toBe(400);
    expect(refusalBeforeNext(request("http://127.0.0.1:3000/"), "http://127.0.0.1:3000/")?.status).toBe(400);
    expect(refusalBeforeNext(request("/merchant/links/%ff"), "/merchant/links/%ff")?.status).toBe(400);
    for (const origin of ["https://evil.example", "null", "http://127.0.0.1:3000.evil.example", "http://[bad"]) {
      expect(refusalBeforeNext(action(origin), "/merchant/sign-in")?.status, origin).toBe(403);
      expect(refusalBeforeNext(formPost(origin), "/merchant/sign-in")?.status, origin).toBe(403);
    }
    expect(refusalBeforeNext(formPost("http://127.0.0.1:3000"), "/merchant/sign-in")).toBeNull();
    // a cross-site link or image (GET) is no action: Next answers it
    expect(refusalBeforeNext(request("/merchant", { origin: "https://evil.example" }), "/merchant")).toBeNull();
    // a forwarded host the client made up does not make its own origin match another host
    expect(
      refusalBeforeNext(action("https://evil.example", { "x-forwarded-host": "pay.example" }), "/merchant/sign-in")
        ?.status,
    ).toBe(403);
  });
});
