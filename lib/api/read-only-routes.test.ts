import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { createLogger } from "@/lib/log";
import { bootGateway, type Gateway } from "@/lib/server/boot";
import { linkRequest, vaKeyOf, vaRequest } from "@/tests/support/factories";
import { createApiApp, snapRoutes } from "./app";

/**
 * The operations marked `readOnly` run without a transaction and claim their X-EXTERNAL-ID
 * after the read (snap-route.ts), which is only the transaction's equal when they write
 * nothing. Each is called here against the whole API in-process, answered and refused, and no
 * table but external_ids may change. A route newly marked must be added to `operations`.
 */
let gateway: Gateway;
let dataDir: string;
let merchant: GatewayClient;
/**
 * Each read-only operation by path: a call it answers (2xx) and, where it can be asked for
 * something that does not exist, a call it refuses with 404 (a list has nothing to miss).
 */
let operations: Record<string, { answered: () => Promise<{ responseCode: string }>; refused?: () => Promise<unknown> }>;

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
  const created = vaRequest();
  await merchant.createVa(created);
  const va = vaKeyOf(created);
  const qr = await merchant.generateQr({
    partnerReferenceNo: `QR-${randomUUID()}`,
    amount: { value: "50000.00", currency: "IDR" },
    merchantId: "M-1",
  });
  // A wallet attempt for Direct debit status: a link of its own, DANA chosen.
  const { paymentLinkData: walletLink } = await merchant.createPaymentLink(linkRequest());
  const walletAttempt = await merchant.payPaymentLink({
    additionalInfo: { paymentLinkId: walletLink.paymentLinkId, paymentMethod: { groupId: "ew", methodId: "dana" } },
  });
  const walletRef = walletAttempt.paymentLinkData.payment.referenceNo!;
  const transactions = await merchant.transactionList({ pageSize: 100 });
  const noLink = { additionalInfo: { paymentLinkId: randomUUID() } };
  const noVa = vaKeyOf(vaRequest());
  operations = {
    "/v1.0/payment-link/inquiry": {
      answered: () => merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId } }),
      refused: () => merchant.inquiryPaymentLink(noLink),
    },
    "/v1.0/payment-link/payment-method": {
      answered: () => merchant.paymentLinkMethods({ additionalInfo: { paymentLinkId } }),
      refused: () => merchant.paymentLinkMethods(noLink),
    },
    "/v1.0/transfer-va/inquiry-va": { answered: () => merchant.inquiryVa(va), refused: () => merchant.inquiryVa(noVa) },
    "/v1.0/transfer-va/status": { answered: () => merchant.vaStatus(va), refused: () => merchant.vaStatus(noVa) },
    "/v1.0/qr/qr-mpm-query": {
      answered: () => merchant.queryQr({ originalReferenceNo: qr.referenceNo, serviceCode: "47" }),
      refused: () => merchant.queryQr({ originalReferenceNo: "nope", serviceCode: "47" }),
    },
    "/v1.0/debit/status": {
      answered: () => merchant.debitStatus({ originalReferenceNo: walletRef, serviceCode: "54" }),
      refused: () => merchant.debitStatus({ originalReferenceNo: "EW000000000000000000", serviceCode: "54" }),
    },
    "/v1.0/transaction-history-list": { answered: () => merchant.transactionList({ pageSize: 100 }) },
    "/v1.0/transaction-history-detail": {
      answered: () => merchant.transactionDetail({ originalReferenceNo: transactions.detailData[0]!.referenceNo }),
      refused: () => merchant.transactionDetail({ originalReferenceNo: "nope" }),
    },
  };
}, 60_000);

afterAll(async () => {
  await gateway?.database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("read-only SNAP operations", () => {
  it("are exactly the operations called below", () => {
    const marked = snapRoutes.filter((r) => r.readOnly).map((r) => r.path);
    expect(marked.sort()).toEqual(Object.keys(operations).sort());
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
    for (const [path, { answered }] of Object.entries(operations))
      expect((await answered()).responseCode, path).toMatch(/^200/);
    expect(await fingerprint()).toEqual(before);
    expect(await externalIdCount()).toBe(idsBefore + Object.keys(operations).length);
  });

  it("refused (404), change no table at all and leave their X-EXTERNAL-IDs unclaimed", async () => {
    const before = await fingerprint();
    const idsBefore = await externalIdCount();
    for (const [path, { refused }] of Object.entries(operations))
      if (refused) await expect(refused(), path).rejects.toMatchObject({ status: 404 });
    expect(await fingerprint()).toEqual(before);
    expect(await externalIdCount()).toBe(idsBefore);
  });
});
