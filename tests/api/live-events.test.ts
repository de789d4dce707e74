import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { simulateQrPayment, simulateVaPayment } from "@/lib/clients/simulator";
import { parseQris } from "@/lib/qris";
import { mintEventToken } from "@/lib/snap/event-token";
import { inSeconds, linkRequest } from "../support/factories";
import { startServer, type RunningServer } from "../support/server";
import { openStream } from "../support/sse";

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** A link with a VA chosen, as the payer's page holds it. */
async function vaLink(srv: RunningServer, checkout: GatewayClient, overrides: Parameters<typeof linkRequest>[0] = {}) {
  const created = await srv.merchant.createPaymentLink(linkRequest(overrides));
  const id = created.paymentLinkData.paymentLinkId;
  const paid = await checkout.payPaymentLink({
    additionalInfo: {
      paymentLinkId: id,
      paymentMethod: { groupId: "va", methodId: "bca" },
    },
  });
  return { id, data: paid.paymentLinkData };
}

const content = (d: { payment: { content: unknown } }) => d.payment.content as { value: string };

describe("live link events (PGlite, one process)", () => {
  let srv: RunningServer;
  let checkout: GatewayClient;
  const streamUrl = (id: string, token = mintEventToken(srv.checkout, id, inAnHour())) =>
    `${srv.baseUrl}/v1/payment-links/${id}/events?token=${encodeURIComponent(token)}`;
  beforeAll(async () => {
    srv = await startServer({
      db: "pglite",
      // Three streams per address: the cap test reaches it; the others open at most three at once.
      // Behind one trusted proxy: X-Forwarded-For names the payer (without it, the socket does).
      env: { LIVE_HEARTBEAT_MS: "1000", LIVE_STREAMS_PER_ADDRESS: "3", TRUST_PROXY: "1" },
    });
    checkout = new GatewayClient(srv.baseUrl, srv.checkout);
  });
  afterAll(async () => {
    expect(await srv.stop()).toBe(0);
  });

  it("sends the current state, then each change; a resume with Last-Event-ID gets what it missed, once", async () => {
    const { id, data } = await vaLink(srv, checkout);
    const first = await openStream(streamUrl(id));
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const hello = await first.next();
    expect(hello?.data).toMatchObject({
      paymentLinkId: id,
      paymentFlagStatus: "02",
      change: "state",
    });
    const helloId = Number(hello!.id);

    // The page drops off; meanwhile the payer switches to QRIS in another tab.
    first.close();
    const switched = await checkout.payPaymentLink({
      additionalInfo: {
        paymentLinkId: id,
        paymentMethod: { groupId: "qr", methodId: "qris" },
      },
    });

    // Resume: the switch is delivered (a newer id, another payment tag) although it happened offline.
    const second = await openStream(streamUrl(id), {
      "last-event-id": String(helloId),
    });
    const resumed = await second.next();
    expect(resumed?.data).toMatchObject({
      paymentFlagStatus: "02",
      change: "state",
    });
    expect(resumed!.data.paymentTag).not.toBe(hello!.data.paymentTag);
    expect(Number(resumed!.id)).toBeGreaterThan(helloId);

    // Live: the QR is paid while the stream is up.
    const ref = parseQris(content(switched.paymentLinkData).value).referenceLabel!;
    expect(
      (
        await simulateQrPayment(srv.baseUrl, srv.credentials.acquirer, {
          referenceNo: ref,
          status: "00",
          amount: data.totalAmount.value,
        })
      ).status,
    ).toBe(200);
    const paid = await second.next();
    expect(paid?.data).toMatchObject({
      paymentFlagStatus: "00",
      change: "paid",
    });
    expect(Number(paid!.id)).toBeGreaterThan(Number(resumed!.id));
    second.close();

    // A resume that saw the last change gets nothing but heartbeats; one that did not gets it.
    const upToDate = await openStream(streamUrl(id), {
      "last-event-id": paid!.id!,
    });
    expect(await upToDate.next(2_500)).toBeNull();
    expect(upToDate.comments()).toBeGreaterThan(0);
    upToDate.close();
    const behind = await openStream(streamUrl(id), {
      "last-event-id": resumed!.id!,
    });
    expect((await behind.next())?.data.paymentFlagStatus).toBe("00");
    behind.close();
  });

  it("announces a rejection, and expiry when the deadline passes", async () => {
    const created = await srv.merchant.createPaymentLink(linkRequest({ expiredDate: inSeconds(3) }));
    const id = created.paymentLinkData.paymentLinkId;
    const qr = await checkout.payPaymentLink({
      additionalInfo: {
        paymentLinkId: id,
        paymentMethod: { groupId: "qr", methodId: "qris" },
      },
    });
    const s = await openStream(streamUrl(id));
    expect((await s.next())?.data.paymentFlagStatus).toBe("02");
    const ref = parseQris(content(qr.paymentLinkData).value).referenceLabel!;
    expect(
      (
        await simulateQrPayment(srv.baseUrl, srv.credentials.acquirer, {
          referenceNo: ref,
          status: "06",
          amount: qr.paymentLinkData.totalAmount.value,
        })
      ).status,
    ).toBe(200);
    expect((await s.next())?.data).toMatchObject({
      paymentFlagStatus: "01",
      change: "rejected",
    });
    // Nothing is written at the deadline (expiry is derived): the stream's own timer tells.
    expect((await s.next(6_000))?.data).toMatchObject({
      paymentFlagStatus: "03",
      change: "expired",
    });
    s.close();
  });

  it("refuses a missing, forged, expired, other link's or acquirer's token; a merchant watches its own link", async () => {
    const { id } = await vaLink(srv, checkout);
    const { id: other } = await vaLink(srv, checkout);
    const cases: [string, string, number][] = [
      ["no token", `${srv.baseUrl}/v1/payment-links/${id}/events`, 401],
      [
        "forged",
        streamUrl(
          id,
          mintEventToken(
            {
              partnerId: srv.checkout.partnerId,
              clientSecret: "not-the-secret",
            },
            id,
            inAnHour(),
          ),
        ),
        401,
      ],
      ["expired", streamUrl(id, mintEventToken(srv.checkout, id, Math.floor(Date.now() / 1000) - 1)), 401],
      ["another link's token", streamUrl(id, mintEventToken(srv.checkout, other, inAnHour())), 401],
      ["acquirer-minted", streamUrl(id, mintEventToken(srv.credentials.acquirer, id, inAnHour())), 401],
      ["not a link id", `${srv.baseUrl}/v1/payment-links/nope/events?token=x`, 404],
    ];
    for (const [name, url, status] of cases) {
      const s = await openStream(url);
      expect(s.status, name).toBe(status);
      expect(await s.json(), name).toMatchObject({
        error: {
          type: status === 401 ? "authentication_error" : "invalid_request_error",
        },
      });
    }
    // A merchant may watch its own links with a token it mints itself.
    const own = await openStream(streamUrl(id, mintEventToken(srv.credentials.merchant, id, inAnHour())));
    expect(own.status).toBe(200);
    own.close();
  });

  it("caps open streams per address with a 429 the page can fall back on", async () => {
    const { id } = await vaLink(srv, checkout);
    const url = streamUrl(id);
    const open = [await openStream(url), await openStream(url), await openStream(url)];
    const refused = await openStream(url);
    expect([...open.map((s) => s.status), refused.status]).toEqual([200, 200, 200, 429]);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await refused.json()).toMatchObject({ error: { type: "rate_limit_error", code: "too_many_streams" } });
    open[0]!.close();
    await new Promise((r) => setTimeout(r, 300));
    const again = await openStream(url);
    expect(again.status).toBe(200);
    for (const s of [...open, again]) s.close();
  });

  it("behind a reverse proxy, counts the payer's address, not the proxy's (an IPv6 payer by its /64)", async () => {
    const { id } = await vaLink(srv, checkout);
    const url = streamUrl(id);
    const from = (address: string) => openStream(url, { "X-Forwarded-For": address });
    const open = [await from("2001:db8:1:2::a"), await from("2001:db8:1:2::b"), await from("2001:db8:1:2::c")];
    const refused = await from("2001:db8:1:2:ffff::1"); // the same /64
    const other = await from("198.51.100.7"); // the proxy is the same socket; the payer is not
    expect([...open, refused, other].map((s) => s.status)).toEqual([200, 200, 200, 429, 200]);
    for (const s of [...open, other]) s.close();
  });
});

describe("live link events across two instances on one PostgreSQL", () => {
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    a = await startServer({ db: "postgres" });
    // The same data dir: one vault (master key), as two instances of one deployment share.
    b = await startServer({
      db: "postgres",
      dataDir: a.dataDir,
      databaseUrl: a.databaseUrl,
    });
  });
  afterAll(async () => {
    expect(await b.stop()).toBe(0);
    expect(await a.stop()).toBe(0);
  });

  it("a payment settled on instance A reaches a stream held by instance B", async () => {
    const checkout = new GatewayClient(a.baseUrl, a.checkout);
    const { id, data } = await vaLink(a, checkout);
    const s = await openStream(
      `${b.baseUrl}/v1/payment-links/${id}/events?token=${mintEventToken(a.checkout, id, inAnHour())}`,
    );
    expect(s.status).toBe(200);
    expect((await s.next())?.data.paymentFlagStatus).toBe("02");
    expect(
      (
        await simulateVaPayment(a.baseUrl, a.credentials.acquirer, {
          virtualAccountNo: content(data).value,
          amount: data.totalAmount.value,
        })
      ).status,
    ).toBe(200);
    const paid = await s.next();
    expect(paid?.data).toMatchObject({
      paymentFlagStatus: "00",
      change: "paid",
    });
    // B has no other way to learn of it than A's NOTIFY (no periodic read): the event arriving at
    // all is the proof. How fast is the bench's figure (settle → event, two processes).
    s.close();
  });
});
