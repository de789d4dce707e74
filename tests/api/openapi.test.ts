import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { paths } from "../support/openapi-types";
import { DB_KINDS, startServer, type RunningServer } from "../support/server";
import type { OpenApiDocument } from "../support/openapi-validator";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "tests/support/openapi-types.ts");
const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: "123",
  holderName: "Siti Rahmawati",
});

type Media = { schema?: unknown; example?: unknown; examples?: Record<string, { value: unknown }> };

/** Every example in the document with the schema it illustrates, named by where it sits. */
function examplesOf(doc: OpenApiDocument): { where: string; schema: unknown; value: unknown }[] {
  const out: { where: string; schema: unknown; value: unknown }[] = [];
  const media = (where: string, m: Media | undefined) => {
    if (!m?.schema) return;
    if (m.example !== undefined) out.push({ where, schema: m.schema, value: m.example });
    for (const [name, ex] of Object.entries(m.examples ?? {}))
      out.push({ where: `${where} (${name})`, schema: m.schema, value: ex.value });
  };
  const walk = (where: string, schema: unknown) => {
    if (!schema || typeof schema !== "object") return;
    const s = schema as Record<string, unknown>;
    if ("example" in s) out.push({ where, schema, value: s.example });
    for (const [key, value] of Object.entries(s)) {
      if (key === "properties") for (const [p, sub] of Object.entries(value as object)) walk(`${where}.${p}`, sub);
      else if (["items", "additionalProperties"].includes(key)) walk(`${where}[]`, value);
      else if (["anyOf", "oneOf", "allOf"].includes(key))
        (value as unknown[]).forEach((sub, i) => walk(`${where}|${i}`, sub));
    }
  };
  for (const [family, items] of [
    ["paths", doc.paths],
    ["webhooks", doc.webhooks ?? {}],
  ] as const) {
    for (const [p, item] of Object.entries(items)) {
      for (const [method, op] of Object.entries(item)) {
        const at = `${family} ${method.toUpperCase()} ${p}`;
        for (const param of op.parameters ?? []) {
          if (param.example !== undefined)
            out.push({ where: `${at} ${param.name}`, schema: param.schema, value: param.example });
          walk(`${at} ${param.name}`, param.schema);
        }
        media(`${at} request`, op.requestBody?.content?.["application/json"]);
        walk(`${at} request`, op.requestBody?.content?.["application/json"]?.schema);
        for (const [status, r] of Object.entries(op.responses ?? {})) {
          media(`${at} ${status}`, r.content?.["application/json"]);
          walk(`${at} ${status}`, r.content?.["application/json"]?.schema);
        }
      }
    }
  }
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {}))
    walk(`#/components/schemas/${name}`, schema);
  return out;
}

/**
 * The document is true (issue 13): the served document generates the checked-in client types,
 * a client made from them drives a /v1 flow, every example fits its schema, and every answer
 * the API suites get through the validating fetch (tests/support/server.ts) fits the document.
 */
describe.each(DB_KINDS)("the OpenAPI document on %s", (db) => {
  let srv: RunningServer;
  let doc: OpenApiDocument & { webhooks: object; components: { securitySchemes: object } };
  beforeAll(async () => {
    srv = await startServer({ db });
    doc = (await (await fetch(`${srv.baseUrl}/openapi.json`)).json()) as typeof doc;
  });
  afterAll(async () => {
    await srv.stop();
  });

  it("generates the checked-in client types (npm run openapi:types regenerates them)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-openapi-"));
    fs.writeFileSync(path.join(dir, "openapi.json"), JSON.stringify(doc));
    execFileSync(
      path.join(ROOT, "node_modules/.bin/openapi-typescript"),
      [path.join(dir, "openapi.json"), "-o", path.join(dir, "types.ts")],
      { stdio: "pipe" },
    );
    expect(fs.readFileSync(path.join(dir, "types.ts"), "utf8")).toBe(fs.readFileSync(FIXTURE, "utf8"));
  });

  it("drives a /v1 flow with an openapi-fetch client made from those types", async () => {
    const headers = { "X-Secret-Key": srv.credentials.merchant.secretKey };
    const api = createClient<paths>({ baseUrl: srv.baseUrl, fetch: srv.validator.fetch() });

    const created = await api.POST("/v1/payment-intents", {
      headers,
      body: { amount: 125_000, currency: "IDR", description: "Kopi susu" },
    });
    expect(created.response.status).toBe(200);
    const intent = created.data!;
    expect(intent.status).toBe("created");

    const got = await api.GET("/v1/payment-intents/{id}", { headers, params: { path: { id: intent.id } } });
    expect(got.data).toEqual(intent);

    const confirmed = await api.POST("/v1/payment-intents/{id}/confirm", {
      params: { path: { id: intent.id } },
      body: { clientSecret: intent.clientSecret, card: card("4111111111111111") },
    });
    expect(confirmed.data?.status).toBe("succeeded");
    expect(confirmed.data?.card).toMatchObject({ brand: "visa", last4: "1111" });

    // The client secret through its security scheme's header instead of the body.
    const other = (await api.POST("/v1/payment-intents", { headers, body: { amount: 5_000, currency: "IDR" } })).data!;
    const declined = await api.POST("/v1/payment-intents/{id}/confirm", {
      params: { path: { id: other.id }, header: {} },
      headers: { "X-Client-Secret": other.clientSecret },
      body: { card: card("4000000000000002") },
    });
    expect(declined.response.status).toBe(402);
    expect(declined.error).toMatchObject({ error: { type: "card_error", code: "card_declined" } });

    const third = (await api.POST("/v1/payment-intents", { headers, body: { amount: 7_000, currency: "IDR" } })).data!;
    const canceled = await api.POST("/v1/payment-intents/{id}/cancel", { headers, params: { path: { id: third.id } } });
    expect(canceled.data?.status).toBe("canceled");

    // Refusals, each in the documented /v1 error object.
    const again = await api.POST("/v1/payment-intents/{id}/cancel", { headers, params: { path: { id: intent.id } } });
    expect(again.error?.error.code).toBe("payment_intent_unexpected_state");
    expect((await api.GET("/v1/payment-intents/{id}", { params: { path: { id: intent.id } } })).response.status).toBe(
      401,
    );
    expect(
      (
        await api.GET("/v1/payment-intents/{id}", {
          headers,
          params: { path: { id: "00000000-0000-4000-8000-000000000000" } },
        })
      ).error?.error.code,
    ).toBe("resource_missing");
    const invalid = await api.POST("/v1/payment-intents", { headers, body: { amount: -1, currency: "IDR" } });
    expect(invalid.error?.error).toMatchObject({ type: "invalid_request_error", param: "amount" });
    const reused = await api.POST("/v1/payment-intents", {
      headers: { ...headers, "Idempotency-Key": `k-${db}` },
      body: { amount: 1_000, currency: "IDR" },
    });
    expect(reused.response.status).toBe(200);
    expect(
      (
        await api.POST("/v1/payment-intents", {
          headers: { ...headers, "Idempotency-Key": `k-${db}` },
          body: { amount: 2_000, currency: "IDR" },
        })
      ).response.status,
    ).toBe(409);
    expect(
      (await api.GET("/v1/callback-deliveries", { headers, params: { query: { limit: 5 } } })).data?.data,
    ).toBeInstanceOf(Array);
  });

  it("has every example fit its schema", () => {
    const examples = examplesOf(doc);
    expect(examples.length).toBeGreaterThan(100);
    const wrong = examples.filter((e) => !srv.validator.schemaValidator(e.schema)(e.value)).map((e) => e.where);
    expect(wrong).toEqual([]);
  });

  it("describes every operation: id, summary, description, security, a 4xx, and the webhooks", () => {
    const ops = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item).map(([m, op]) => ({ at: `${m} ${p}`, op: op as Record<string, unknown> })),
    );
    expect(ops.length).toBeGreaterThanOrEqual(23);
    for (const { at, op } of ops) {
      expect(op, at).toMatchObject({
        operationId: expect.any(String),
        summary: expect.any(String),
        description: expect.any(String),
        security: expect.any(Array),
      });
      expect((op.description as string).length, at).toBeGreaterThan(20);
      expect(
        Object.keys(op.responses as object).some((s) => s.startsWith("4")),
        at,
      ).toBe(true);
    }
    expect(Object.keys(doc.webhooks)).toEqual([
      "paymentLinkStatus",
      "virtualAccountPayment",
      "qrPayment",
      "walletPayment",
      "refund",
    ]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      "clientSecret",
      "consoleSession",
      "secretKey",
      "snapAccessToken",
      "snapTokenSignature",
    ]);
  });

  it("declares X-TIMESTAMP on every /v1.0 answer, and X-CLIENT-KEY on the token's", async () => {
    const answers = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith("/v1.0/"))
      .flatMap(([p, item]) =>
        Object.entries(item).flatMap(([m, op]) =>
          Object.entries(op.responses ?? {}).map(([status, r]) => ({ at: `${m} ${p} ${status}`, headers: r.headers })),
        ),
      );
    expect(answers.length).toBeGreaterThan(50);
    const missing = answers.filter((a) => a.headers?.["X-TIMESTAMP"]?.required !== true).map((a) => a.at);
    expect(missing).toEqual([]);
    expect(doc.paths["/v1.0/access-token/b2b"]!.post!.responses!["200"]!.headers?.["X-CLIENT-KEY"]?.required).toBe(
      true,
    );
    // And a real answer has both: the validating fetch checks declared headers on every answer.
    const res = await srv.validator.fetch()(`${srv.baseUrl}/v1.0/access-token/b2b`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-timestamp")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+07:00$/);
  });
});

it("typechecks a client written against the generated types (once: it needs no server)", { timeout: 240_000 }, () => {
  const dir = fs.mkdtempSync(path.join(ROOT, "tests/.openapi-client-"));
  try {
    fs.writeFileSync(
      path.join(dir, "client.ts"),
      `import createClient from "openapi-fetch";
import type { paths } from "../support/openapi-types";
const api = createClient<paths>({ baseUrl: "http://127.0.0.1" });
export async function flow(key: string): Promise<string> {
const { data } = await api.POST("/v1/payment-intents", { headers: { "X-Secret-Key": key }, body: { amount: 1000, currency: "IDR" } });
const id: string = data!.id;
// @ts-expect-error amount is an integer of whole rupiah, not a string
await api.POST("/v1/payment-intents", { body: { amount: "1000", currency: "IDR" } });
// @ts-expect-error no such operation
await api.GET("/v1/payment-intent/{id}", { params: { path: { id } } });
return id;
}
`,
    );
    const tsc = path.join(ROOT, "node_modules/.bin/tsc");
    execFileSync(
      tsc,
      [
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "--module",
        "esnext",
        "--moduleResolution",
        "bundler",
        "--target",
        "es2022",
        path.join(dir, "client.ts"),
      ],
      { cwd: ROOT, stdio: "pipe" },
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
