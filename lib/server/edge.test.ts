import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { refusalBeforeNext, stripUntrustedForwarding, vouchForOwnForm } from "./edge";

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
  it("answers 404 to the Pages Router's data route: the payer's page has no client router, its props stay on the server", () => {
    expect(refusalBeforeNext(request("/_next/data/abc123/pay/1.json"), "/_next/data/abc123/pay/1.json")?.status).toBe(
      404,
    );
    expect(
      refusalBeforeNext(request("/_next/%64ata/abc123/pay/1.json"), "/_next/%64ata/abc123/pay/1.json")?.status,
    ).toBe(404);
    expect(
      refusalBeforeNext(request("/_next/static/islands/checkout-X.js"), "/_next/static/islands/checkout-X.js"),
    ).toBeNull();
  });

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
    // no Origin, but the browser's own word that the request is this origin's
    expect(
      refusalBeforeNext(
        request("/merchant/sign-in", { "next-action": "a", "sec-fetch-site": "same-origin" }, "POST"),
        "/merchant/sign-in",
      ),
    ).toBeNull();
  });

  it("refuses a request that may change something without an Origin (a replay, a script) unless the browser says same-origin", () => {
    expect(
      refusalBeforeNext(
        request("/merchant/links/1", { host: "127.0.0.1:3000", "next-action": "a" }, "POST"),
        "/merchant/links/1",
      )?.status,
    ).toBe(403);
    for (const site of ["cross-site", "same-site", "none"])
      expect(
        refusalBeforeNext(
          request("/merchant/links/1", { host: "127.0.0.1:3000", "sec-fetch-site": site }, "POST"),
          "/merchant/links/1",
        )?.status,
        site,
      ).toBe(403);
    // any method that may change something, not only POST
    for (const method of ["PUT", "PATCH", "DELETE"])
      expect(refusalBeforeNext(request("/merchant", { host: "127.0.0.1:3000" }, method), "/merchant")?.status).toBe(
        403,
      );
    expect(refusalBeforeNext(request("/merchant", { host: "127.0.0.1:3000" }, "HEAD"), "/merchant")).toBeNull();
    // when a trusted proxy forwards the host, the Origin must name that host, as Next compares it
    expect(
      refusalBeforeNext(action("http://127.0.0.1:3000", { "x-forwarded-host": "pay.example" }), "/merchant/sign-in")
        ?.status,
    ).toBe(403);
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

/** The Fetch Metadata a browser sends with a form's POST from one of our pages. */
const OWN_FORM = { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" };

describe("vouchForOwnForm", () => {
  /** A form post as a browser sends it from a no-referrer page, with raw headers as Node keeps them. */
  const post = (headers: Record<string, string>, method = "POST") => {
    const req = request("/pay/1", headers, method);
    (req as { rawHeaders: string[] }).rawHeaders = Object.entries(headers).flat();
    return req;
  };
  const afterVouching = (req: IncomingMessage) => {
    vouchForOwnForm(req);
    return refusalBeforeNext(req, "/pay/1");
  };

  it("lets our own page's script-less form through: Origin null, Sec-Fetch-Site same-origin", () => {
    const req = post({ host: "127.0.0.1:3000", origin: "null", ...OWN_FORM });
    expect(afterVouching(req)).toBeNull();
    // Next reads the origin it compares from the headers: both copies agree
    expect(req.headers.origin).toBe("http://127.0.0.1:3000");
    expect(req.rawHeaders).toContain("http://127.0.0.1:3000");
    expect(req.rawHeaders).not.toContain("null");
    // behind a proxy, the host Next compares is the forwarded one
    const proxied = post({
      host: "10.0.0.5:3000",
      "x-forwarded-host": "pay.example, 10.0.0.1",
      origin: "null",
      ...OWN_FORM,
    });
    expect(afterVouching(proxied)).toBeNull();
    expect(proxied.headers.origin).toBe("http://pay.example");
  });

  it("vouches for nothing else", () => {
    for (const site of ["cross-site", "same-site", "none", ""]) {
      const headers: Record<string, string> = { host: "127.0.0.1:3000", origin: "null", ...OWN_FORM };
      if (site) headers["sec-fetch-site"] = site;
      else delete headers["sec-fetch-site"];
      expect(afterVouching(post(headers))?.status, site || "no Sec-Fetch-Site").toBe(403);
    }
    // our own origin, but a script's fetch (no-referrer by choice) or a frame: not a form's page load
    for (const [name, value] of [
      ["sec-fetch-mode", "cors"],
      ["sec-fetch-mode", "no-cors"],
      ["sec-fetch-dest", "empty"],
      ["sec-fetch-dest", "iframe"],
    ]) {
      const headers = { host: "127.0.0.1:3000", origin: "null", ...OWN_FORM, [name!]: value! };
      expect(afterVouching(post(headers))?.status, `${name}: ${value}`).toBe(403);
    }
    // duplicated headers, as Node joins them, are no vouching either
    const doubled = post({ host: "127.0.0.1:3000", origin: "null, null", ...OWN_FORM });
    expect(afterVouching(doubled)?.status).toBe(403);
    // another site's origin is not rewritten, whatever it claims
    const other = post({ host: "127.0.0.1:3000", origin: "https://evil.example", ...OWN_FORM });
    expect(afterVouching(other)?.status).toBe(403);
    expect(other.headers.origin).toBe("https://evil.example");
    // a GET is no action and keeps its headers
    const get = post({ host: "127.0.0.1:3000", origin: "null", ...OWN_FORM }, "GET");
    vouchForOwnForm(get);
    expect(get.headers.origin).toBe("null");
  });
});

describe("stripUntrustedForwarding", () => {
  const forwarded = () => {
    const headers = {
      host: "127.0.0.1:3000",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      "x-forwarded-for": "203.0.113.7",
      forwarded: "for=203.0.113.7;host=evil.example",
      origin: "https://evil.example",
    };
    const req = request("/merchant", headers, "POST");
    (req as { rawHeaders: string[] }).rawHeaders = Object.entries(headers).flat();
    return req;
  };

  it("drops a client's forwarded headers when no proxy is trusted, from both copies", () => {
    const req = forwarded();
    stripUntrustedForwarding(req, 0);
    expect(Object.keys(req.headers).sort()).toEqual(["host", "origin"]);
    expect(req.rawHeaders).toEqual(["host", "127.0.0.1:3000", "origin", "https://evil.example"]);
    // and its forged host no longer vouches for its origin
    expect(refusalBeforeNext(req, "/merchant")?.status).toBe(403);
  });

  it("keeps them behind trusted proxies (TRUST_PROXY > 0)", () => {
    const req = forwarded();
    stripUntrustedForwarding(req, 1);
    expect(req.headers["x-forwarded-host"]).toBe("evil.example");
    expect(refusalBeforeNext(req, "/merchant")).toBeNull();
  });
});
