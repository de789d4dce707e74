import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { OpenAPIHono } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { SnapClient } from "@/lib/clients/snap-client";
import { externalIds, paymentLinks } from "@/lib/db/schema";
import { createPaymentLink } from "@/lib/gateway/links/payment-links";
import { bootGateway, type Gateway } from "@/lib/server/boot";
import { createLogger } from "@/lib/log";
import { jakartaDay } from "@/lib/contract/time";
import { SnapError } from "@/lib/snap/codes";
import type { ApiEnv } from "./env";
import { RateLimiter } from "./rate-limit";
import { mountAccessToken } from "./routes/access-token";
import { defineSnapRoute, mountSnapRoute, stampSnapAnswers, type SnapRoute } from "./snap-route";
import { asMinor } from "@/lib/contract/money";

/**
 * The wrapper in-process, with routes that fail on purpose after writing: the only way to
 * see a real fault mid-transaction (the shipped routes have none left to trigger).
 */
let gateway: Gateway;
let client: SnapClient;
let dataDir: string;
let app: OpenAPIHono<ApiEnv>;
/** The headers of the last answer the client got. */
let lastHeaders = new Headers();
const ANSWER_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+07:00$/;
const logLines: string[] = [];

const Body = z.object({ partnerReferenceNo: z.string() });
const Out = z.object({ linkId: z.string() });

/** What every test route has: a path of its own, merchants only, one body and answer shape. */
const testRoute = () =>
  ({
    method: "post",
    path: `/v1.0/test/${randomUUID().slice(0, 8)}`,
    service: "99",
    summary: "test",
    tag: "test",
    partners: ["merchant"],
    body: Body,
    response: Out,
  }) as const;

function writeLinkThen(fail: () => never) {
  return defineSnapRoute({
    ...testRoute(),
    async handler({ gw, tx, partner, body }) {
      const view = await createPaymentLink(gw, tx, partner, {
        partnerReferenceNo: body.partnerReferenceNo,
        trxId: "T",
        currency: "IDR",
        expiresAt: new Date(Date.now() + 3600_000),
        invoice: {
          title: "t",
          subTitle: "",
          items: [{ name: "x", priceMinor: asMinor(100), quantity: 1 }],
          fees: [],
          customer: {
            firstName: "",
            lastName: "",
            email: "",
            phoneNumber: "",
            billingAddress: { address: "", city: "", postalCode: "", countryCode: "", province: "" },
          },
        },
        paymentMethods: null,
        callbackBaseUrl: null,
        redirectUrl: null,
        language: null,
      });
      if (view.link.id) fail();
      return { linkId: view.link.id };
    },
  });
}

const crash = writeLinkThen(() => {
  throw new Error(`disk on fire (while holding Bearer abc.def and /pay/x?secret=s3cr3t)`);
});
const refuse = writeLinkThen(() => {
  throw new SnapError("featureNotAllowed", "after the write");
});
const succeed = writeLinkThen((() => undefined) as () => never);

/** A read-only operation (no transaction, the id claimed after the read) that reads, then fails. */
function readThen(fail: () => never) {
  return defineSnapRoute({
    ...testRoute(),
    readOnly: true,
    async handler({ tx, body }) {
      await tx.select().from(paymentLinks).where(eq(paymentLinks.partnerReferenceNo, body.partnerReferenceNo));
      return fail();
    },
  });
}
const readFault = readThen(() => {
  throw new Error("the read broke");
});
const readRefusal = readThen(() => {
  throw new SnapError("featureNotAllowed", "after the read");
});

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-wrapper-"));
  const log = createLogger(
    "info",
    new Writable({
      write(chunk: Buffer, _e, done) {
        logLines.push(...chunk.toString().split("\n").filter(Boolean));
        done();
      },
    }),
  );
  gateway = await bootGateway({
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "info", DATABASE_URL: "", GATEWAY_MASTER_KEY: "" },
    log,
  });
  app = new OpenAPIHono<ApiEnv>();
  const limiter = new RateLimiter(1000);
  stampSnapAnswers(app, gateway.gw);
  mountAccessToken(app, gateway.gw);
  app.post("/v1.0/test/outside-the-wrapper", () => {
    throw new Error("a fault no wrapper caught");
  });
  app.onError((_err, c) => c.json({ responseCode: "5000000", responseMessage: "General Error" }, 500));
  for (const route of [crash, refuse, succeed, readFault, readRefusal])
    mountSnapRoute(app, route as unknown as SnapRoute<z.ZodType, z.ZodType, z.ZodType>, { gw: gateway.gw, limiter });
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const res = await app.request(String(input), init);
    lastHeaders = res.headers;
    return res;
  }) as typeof fetch;
  client = new SnapClient("http://gateway.test", gateway.credentials!.merchant, fetchImpl);
}, 60_000);

afterAll(async () => {
  await gateway?.database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function linksWithRef(ref: string) {
  return gateway.gw.db.select().from(paymentLinks).where(eq(paymentLinks.partnerReferenceNo, ref));
}

async function externalIdRows(id: string) {
  const partnerId = gateway.credentials!.merchant.partnerId;
  return gateway.gw.db
    .select()
    .from(externalIds)
    .where(
      and(
        eq(externalIds.partnerId, partnerId),
        eq(externalIds.externalId, id),
        eq(externalIds.day, jakartaDay(new Date())),
      ),
    );
}

describe("a fault after a write", () => {
  it("answers 500xx00 General Error and rolls back the write and the X-EXTERNAL-ID", async () => {
    const ref = `CRASH-${randomUUID()}`;
    const externalId = randomUUID();
    const res = await client.raw({
      method: "POST",
      path: crash.path,
      body: JSON.stringify({ partnerReferenceNo: ref }),
      headers: { "X-EXTERNAL-ID": externalId },
    });
    expect(res).toEqual({ status: 500, body: { responseCode: "5009900", responseMessage: "General Error" } });
    expect(lastHeaders.get("x-timestamp")).toMatch(ANSWER_TIMESTAMP);
    expect(await linksWithRef(ref)).toEqual([]);
    expect(await externalIdRows(externalId)).toEqual([]);

    // The same external id is still free, and the same write commits when nothing fails.
    const ok = await client.raw({
      method: "POST",
      path: succeed.path,
      body: JSON.stringify({ partnerReferenceNo: ref }),
      headers: { "X-EXTERNAL-ID": externalId },
    });
    expect(ok.status).toBe(200);
    expect(await linksWithRef(ref)).toHaveLength(1);
    expect(await externalIdRows(externalId)).toHaveLength(1);
  });

  it("a fault outside the wrapper (the app's onError) and an unknown /v1.0 path still carry X-TIMESTAMP", async () => {
    const fault = await app.request("/v1.0/test/outside-the-wrapper", { method: "POST" });
    expect(fault.status).toBe(500);
    expect(fault.headers.get("x-timestamp")).toMatch(ANSWER_TIMESTAMP);
    const unknown = await app.request("/v1.0/test/nothing-here", { method: "POST" });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("x-timestamp")).toMatch(ANSWER_TIMESTAMP);
  });

  it("logs the fault once, without the secrets its message carried", async () => {
    const before = logLines.length;
    await client.raw({
      method: "POST",
      path: crash.path,
      body: JSON.stringify({ partnerReferenceNo: `CRASH-${randomUUID()}` }),
    });
    const lines = logLines.slice(before).filter((l) => l.includes("unexpected fault"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("disk on fire");
    expect(lines[0]).not.toContain("abc.def");
    expect(lines[0]).not.toContain("s3cr3t");
  });

  it("a domain refusal after a write rolls back the same way", async () => {
    const ref = `REFUSE-${randomUUID()}`;
    const externalId = randomUUID();
    const res = await client.raw({
      method: "POST",
      path: refuse.path,
      body: JSON.stringify({ partnerReferenceNo: ref }),
      headers: { "X-EXTERNAL-ID": externalId },
    });
    expect(res).toEqual({ status: 403, body: { responseCode: "4039901", responseMessage: "Feature Not Allowed" } });
    expect(await linksWithRef(ref)).toEqual([]);
    expect(await externalIdRows(externalId)).toEqual([]);
  });

  it("a success records its X-EXTERNAL-ID, so the same id again is 409xx00", async () => {
    const externalId = randomUUID();
    const first = await client.raw({
      method: "POST",
      path: succeed.path,
      body: JSON.stringify({ partnerReferenceNo: `OK-${randomUUID()}` }),
      headers: { "X-EXTERNAL-ID": externalId },
    });
    expect(first.status).toBe(200);
    const again = await client.raw({
      method: "POST",
      path: succeed.path,
      body: JSON.stringify({ partnerReferenceNo: `OK-${randomUUID()}` }),
      headers: { "X-EXTERNAL-ID": externalId },
    });
    expect(again).toEqual({ status: 409, body: { responseCode: "4099900", responseMessage: "Conflict" } });
  });
});

describe("a read-only operation that fails", () => {
  const call = (path: string, externalId: string) =>
    client.raw({
      method: "POST",
      path,
      body: JSON.stringify({ partnerReferenceNo: `READ-${randomUUID()}` }),
      headers: { "X-EXTERNAL-ID": externalId },
    });

  it("leaves its X-EXTERNAL-ID free, on a fault (500xx00) and on a refusal", async () => {
    for (const [route, status] of [
      [readFault, 500],
      [readRefusal, 403],
    ] as const) {
      const externalId = randomUUID();
      expect((await call(route.path, externalId)).status).toBe(status);
      expect(await externalIdRows(externalId)).toEqual([]);
      expect((await call(succeed.path, externalId)).status).toBe(200);
    }
  });

  it("answers a reused X-EXTERNAL-ID with 409xx00, as when the claim came before the read", async () => {
    const externalId = randomUUID();
    expect((await call(succeed.path, externalId)).status).toBe(200);
    const before = logLines.length;
    for (const route of [readFault, readRefusal])
      expect(await call(route.path, externalId)).toEqual({
        status: 409,
        body: { responseCode: "4099900", responseMessage: "Conflict" },
      });
    // The fault the 409 stands in front of is still logged, once; the refusal is no fault.
    const faults = logLines.slice(before).filter((l) => l.includes("unexpected fault"));
    expect(faults).toHaveLength(1);
    expect(faults[0]).toContain("the read broke");
  });
});
