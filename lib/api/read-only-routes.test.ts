import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import type { VaKey } from "@/lib/contract/va";
import { createLogger } from "@/lib/log";
import { bootGateway, type Gateway } from "@/lib/server/boot";
import { createApiApp, snapRoutes } from "./app";

/**
 * The operations marked `readOnly` run without a transaction and claim their X-EXTERNAL-ID
 * after the read (snap-route.ts), which is only the transaction's equal when they write
 * nothing. Each is called here against the whole API in-process, answering 2xx, and no table
 * but external_ids may change. A route newly marked must be added to `calls`.
 */
let gateway: Gateway;
let dataDir: string;
let merchant: GatewayClient;
let calls: Record<string, () => Promise<{ responseCode: string }>>;
/** The same operations asked for something that does not exist: each refused with a 404. */
let misses: Record<string, () => Promise<unknown>>;

/**
 * Every table's rows with their row versions, hashed, except the X-EXTERNAL-ID record: `xmin`
 * moves with any rewrite of a row (an update to the same values too), `xmax` with a row lock
 * (`for update`).
 */
async function fingerprint(): Promise<Record<string, string>> {
  const { db } = gateway.gw;
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'external_ids'`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const r = (await db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(t::text || '@' || t.xmin::text || '/' || t.xmax::text, ',' order by t::text), '')) as h from "${name}" t`,
      ),
    )) as unknown as { rows: { h: string }[] };
    out[name] = r.rows[0]!.h;
  }
  return out;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-readonly-"));
  gateway = await bootGateway({
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: "", GATEWAY_MASTER_KEY: "" },
    log: createLogger("warn"),
  });
  const app = createApiApp(gateway.gw);
  const fetchImpl = ((input: string | URL | Request, init?: RequestInit) =>
    app.request(String(input), init)) as typeof fetch;
  merchant = new GatewayClient("http://gateway.test", gateway.credentials!.merchant, fetchImpl);

  const paymentLinkId = gateway.credentials!.demoLinks[0]!.paymentLinkId;
  const customerNo = String(Date.now() % 1e9);
  const va: VaKey = {
    partnerServiceId: "   88808",
    customerNo,
    virtualAccountNo: `   88808${customerNo}`,
  };
  await merchant.createVa({
    ...va,
    virtualAccountName: "Budi Santoso",
    trxId: `TRX-${randomUUID().slice(0, 8)}`,
    totalAmount: { value: "150000.00", currency: "IDR" },
    virtualAccountTrxType: "C",
    expiredDate: "2099-01-01T00:00:00+07:00",
  });
  const qr = await merchant.generateQr({
    partnerReferenceNo: `QR-${randomUUID()}`,
    amount: { value: "50000.00", currency: "IDR" },
    merchantId: "M-1",
  });
  const transactions = await merchant.transactionList({ pageSize: 100 });
  const noLink = { additionalInfo: { paymentLinkId: randomUUID() } };
  const noVa: VaKey = { partnerServiceId: "   88808", customerNo: "1", virtualAccountNo: "   888081" };
  misses = {
    "/v1.0/payment-link/inquiry": () => merchant.inquiryPaymentLink(noLink),
    "/v1.0/payment-link/payment-method": () => merchant.paymentLinkMethods(noLink),
    "/v1.0/transfer-va/inquiry-va": () => merchant.inquiryVa(noVa),
    "/v1.0/transfer-va/status": () => merchant.vaStatus(noVa),
    "/v1.0/qr/qr-mpm-query": () => merchant.queryQr({ originalReferenceNo: "nope", serviceCode: "47" }),
    "/v1.0/transaction-history-detail": () => merchant.transactionDetail({ originalReferenceNo: "nope" }),
  };
  calls = {
    "/v1.0/payment-link/inquiry": () => merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId } }),
    "/v1.0/payment-link/payment-method": () => merchant.paymentLinkMethods({ additionalInfo: { paymentLinkId } }),
    "/v1.0/transfer-va/inquiry-va": () => merchant.inquiryVa(va),
    "/v1.0/transfer-va/status": () => merchant.vaStatus(va),
    "/v1.0/qr/qr-mpm-query": () => merchant.queryQr({ originalReferenceNo: qr.referenceNo, serviceCode: "47" }),
    "/v1.0/transaction-history-list": () => merchant.transactionList({ pageSize: 100 }),
    "/v1.0/transaction-history-detail": () =>
      merchant.transactionDetail({ originalReferenceNo: transactions.detailData[0]!.referenceNo }),
  };
}, 60_000);

afterAll(async () => {
  await gateway?.database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("read-only SNAP operations", () => {
  it("are exactly the operations called below", () => {
    const marked = snapRoutes.filter((r) => r.readOnly).map((r) => r.path);
    expect(marked.sort()).toEqual(Object.keys(calls).sort());
  });

  const externalIdCount = async () =>
    (
      (await gateway.gw.db.execute(sql`select count(*)::int as n from external_ids`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;

  it("answer 2xx and change no table but external_ids", async () => {
    const before = await fingerprint();
    expect(Object.keys(before)).toContain("payment_links");
    const idsBefore = await externalIdCount();
    for (const [path, call] of Object.entries(calls)) {
      const answer = await call();
      expect(answer.responseCode, path).toMatch(/^200/);
    }
    expect(await fingerprint()).toEqual(before);
    expect(await externalIdCount()).toBe(idsBefore + Object.keys(calls).length);
  });

  it("refused (404), change no table at all and leave their X-EXTERNAL-IDs unclaimed", async () => {
    const before = await fingerprint();
    const idsBefore = await externalIdCount();
    for (const [path, miss] of Object.entries(misses))
      await expect(miss(), path).rejects.toMatchObject({ status: 404 });
    expect(await fingerprint()).toEqual(before);
    expect(await externalIdCount()).toBe(idsBefore);
  });
});
