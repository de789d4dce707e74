import { describe, expect, it } from "vitest";
import { z } from "zod";
import { generateRsaKeyPair } from "@/lib/gateway/vault";
import { hmacVerify, rsaVerify, serviceStringToSign, tokenStringToSign } from "@/lib/snap/signing";
import { SnapClient, SnapClientError } from "./snap-client";

const keys = generateRsaKeyPair();
const creds = {
  partnerId: "p-1",
  clientKey: "mer_1",
  clientSecret: "cs-1",
  channelId: "95221",
  privateKeyPem: keys.privateKeyPem,
};
const Ok = z.object({ responseCode: z.string(), responseMessage: z.string() });

/**
 * A fake gateway: issues tokens t1, t2, … and accepts a service call only with a token in
 * `valid`, checking both signatures the way the real one does.
 */
function fakeGateway(valid: Set<string>, serviceAnswer?: { status: number; body: object }) {
  let issued = 0;
  const seen: string[] = [];
  const fetchImpl = (async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    if (url.pathname === "/v1.0/access-token/b2b") {
      const ok = rsaVerify(
        keys.publicKeyPem,
        tokenStringToSign(headers.get("x-client-key")!, headers.get("x-timestamp")!),
        headers.get("x-signature")!,
      );
      if (!ok)
        return Response.json({ responseCode: "4017300", responseMessage: "Unauthorized. Signature" }, { status: 401 });
      const token = `t${++issued}`;
      seen.push(`token ${token}`);
      return Response.json({
        responseCode: "2007300",
        responseMessage: "Successful",
        accessToken: token,
        tokenType: "Bearer",
        expiresIn: "900",
      });
    }
    const token = headers.get("authorization")!.replace("Bearer ", "");
    const signed = serviceStringToSign({
      method: init!.method!,
      path: url.pathname + url.search,
      accessToken: token,
      body: String(init!.body ?? ""),
      timestamp: headers.get("x-timestamp")!,
    });
    expect(hmacVerify(creds.clientSecret, signed, headers.get("x-signature")!)).toBe(true);
    seen.push(`call ${token}`);
    if (!valid.has(token))
      return Response.json({ responseCode: "4012701", responseMessage: "Invalid Token (B2B)" }, { status: 401 });
    const answer = serviceAnswer ?? { status: 200, body: { responseCode: "2002700", responseMessage: "Success" } };
    return Response.json(answer.body, { status: answer.status });
  }) as typeof fetch;
  return { fetchImpl, seen, valid };
}

describe("SnapClient", () => {
  it("reuses one token across calls", async () => {
    const gw = fakeGateway(new Set(["t1"]));
    const client = new SnapClient("http://gw", creds, gw.fetchImpl);
    await client.call("POST", "/v1.0/payment-link/inquiry", {}, Ok);
    await client.call("POST", "/v1.0/payment-link/inquiry", {}, Ok);
    expect(gw.seen).toEqual(["token t1", "call t1", "call t1"]);
  });

  it("fetches one token for many concurrent first calls", async () => {
    const gw = fakeGateway(new Set(["t1"]));
    const client = new SnapClient("http://gw", creds, gw.fetchImpl);
    await Promise.all(Array.from({ length: 5 }, () => client.call("POST", "/v1.0/payment-link/inquiry", {}, Ok)));
    expect(gw.seen.filter((s) => s.startsWith("token"))).toEqual(["token t1"]);
  });

  it("on 401xx01 Invalid Token (expired, or a gateway with a fresh store) gets a new token and retries once", async () => {
    const gw = fakeGateway(new Set(["t1"]));
    const client = new SnapClient("http://gw", creds, gw.fetchImpl);
    await client.call("POST", "/v1.0/payment-link/inquiry", {}, Ok);
    gw.valid.clear();
    gw.valid.add("t2"); // t1 lapsed server-side
    const res = await client.call("POST", "/v1.0/payment-link/inquiry", {}, Ok);
    expect(res.responseCode).toBe("2002700");
    expect(gw.seen).toEqual(["token t1", "call t1", "call t1", "token t2", "call t2"]);
  });

  it("gives up after one retry", async () => {
    const gw = fakeGateway(new Set());
    const client = new SnapClient("http://gw", creds, gw.fetchImpl);
    await expect(client.call("POST", "/v1.0/payment-link/inquiry", {}, Ok)).rejects.toMatchObject({
      status: 401,
      responseCode: "4012701",
    });
    expect(gw.seen).toEqual(["token t1", "call t1", "token t2", "call t2"]);
  });

  it("does not retry other 401s (a signature fault) or other errors", async () => {
    for (const answer of [
      { status: 401, body: { responseCode: "4012700", responseMessage: "Unauthorized. Signature" } },
      { status: 409, body: { responseCode: "4092700", responseMessage: "Conflict" } },
    ]) {
      const gw = fakeGateway(new Set(["t1"]), answer);
      const client = new SnapClient("http://gw", creds, gw.fetchImpl);
      const err = await client.call("POST", "/v1.0/payment-link/inquiry", {}, Ok).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SnapClientError);
      expect(err).toMatchObject({ status: answer.status, responseCode: answer.body.responseCode });
      expect(gw.seen).toEqual(["token t1", "call t1"]);
    }
  });
});
