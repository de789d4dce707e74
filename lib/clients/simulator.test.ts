import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { boundedFetch } from "@/lib/connector/bounded-fetch";
import type { SnapCredentials } from "./gateway-client";
import { simulateQrPayment, simulateVaPayment } from "./simulator";

const acquirer: SnapCredentials = {
  partnerId: "ACQUIRER01",
  clientKey: "acquirer-client",
  clientSecret: "acquirer-secret",
  channelId: "95221",
  privateKeyPem: generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
    type: "pkcs8",
    format: "pem",
  }) as string,
};

describe("the sandbox acquirer's transport", () => {
  // The pages pass their bounded transport: a gateway that stops answering must end a
  // simulate button's call, not hold it for undici's 300 s.
  it.each([
    [
      "VA",
      (t: typeof fetch) =>
        simulateVaPayment(
          "http://gateway.test",
          acquirer,
          { virtualAccountNo: "   88899912345678", amount: "10000.00" },
          t,
        ),
    ],
    [
      "QR",
      (t: typeof fetch) =>
        simulateQrPayment(
          "http://gateway.test",
          acquirer,
          { referenceNo: "A1B2C3", status: "00", amount: "10000.00" },
          t,
        ),
    ],
  ])("%s: every call goes through the transport it is given", async (_, simulate) => {
    const asked: string[] = [];
    const hanging: typeof fetch = (input, init) => {
      asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
      );
    };
    await expect(simulate(boundedFetch(hanging, 50))).rejects.toMatchObject({ name: "TimeoutError" });
    expect(asked).toEqual(["/v1.0/access-token/b2b"]);
  });
});
