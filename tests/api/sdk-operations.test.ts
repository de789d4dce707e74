import pino from "pino";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createApiApp } from "@/lib/api/app";
import { loadConfig } from "@/lib/config";
import type { GatewayContext } from "@/lib/gateway/context";
import { NOT_IN_SDK, OPERATIONS, type OperationSpec } from "@/lib/sdk-node/operations";
import type { Answer, Input } from "@/lib/sdk-node/types";
import type { operations } from "../support/openapi-types";

interface DocOperation {
  operationId: string;
  security?: Record<string, unknown>[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
}

/** The served document, built in-process as scripts/openapi.ts builds it (no database, no port). */
async function documentOperations(): Promise<(DocOperation & { method: string; path: string })[]> {
  const gw = {
    config: loadConfig(),
    log: pino({ level: "silent" }),
    now: () => new Date(),
  } as unknown as GatewayContext;
  const doc = (await (await createApiApp(gw).request("/openapi.json")).json()) as {
    security?: Record<string, unknown>[];
    paths: Record<string, Record<string, DocOperation>>;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      ...op,
      security: op.security ?? doc.security,
      method: method.toUpperCase(),
      path,
    })),
  );
}

/** What the SDK's table would say of a document operation. */
function specOf(op: DocOperation & { method: string; path: string }): OperationSpec {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  const spec: OperationSpec = {
    method: op.method as OperationSpec["method"],
    path: op.path,
    auth: schemes.includes("snapAccessToken") ? "snap" : schemes.includes("secretKey") ? "secretKey" : "none",
  };
  if (op.requestBody) spec.body = true;
  if (op.parameters?.some((p) => p.in === "header" && p.name.toLowerCase() === "idempotency-key"))
    spec.idempotencyKey = true;
  return spec;
}

const table = OPERATIONS as Record<string, OperationSpec>;

describe("@nusapay/node's operations and the OpenAPI document", () => {
  it("has every operation of the document, by its operationId, with the same method, path, auth, body and Idempotency-Key", async () => {
    const doc = await documentOperations();
    for (const op of doc) {
      if (op.operationId in NOT_IN_SDK) continue;
      expect(
        table[op.operationId],
        `${op.operationId} (${op.method} ${op.path}) is missing from OPERATIONS`,
      ).toBeDefined();
      expect(table[op.operationId], op.operationId).toEqual(specOf(op));
    }
  });

  it("has no operation the document lacks", async () => {
    const doc = await documentOperations();
    const ids = new Set(doc.map((o) => o.operationId));
    for (const [name, spec] of Object.entries(table)) {
      if (ids.has(name)) continue;
      const same = doc.find((o) => o.method === spec.method && o.path === spec.path);
      expect(same?.operationId, `${name}: the document names ${spec.method} ${spec.path} differently`).toBeUndefined();
      expect.fail(`${name} (${spec.method} ${spec.path}) is not in the document`);
    }
    for (const name of Object.keys(NOT_IN_SDK)) expect(ids.has(name), `NOT_IN_SDK names ${name}`).toBe(true);
  });

  it("types each operation's input and answer with the document's types", () => {
    type CreateBody = operations["createPaymentLink"]["requestBody"]["content"]["application/json"];
    expectTypeOf<Input<"createPaymentLink">>().toEqualTypeOf<CreateBody>();
    expectTypeOf<Answer<"createPaymentLink">>().toEqualTypeOf<
      operations["createPaymentLink"]["responses"][200]["content"]["application/json"]
    >();
    expectTypeOf<Input<"retrievePaymentIntent">>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<Input<"setPaymentMethod">>().toHaveProperty("methodId");
    expectTypeOf<Input<"setPaymentMethod">>().toHaveProperty("active");
    expectTypeOf<Answer<"createPaymentLinkV1">>().toEqualTypeOf<
      operations["createPaymentLinkV1"]["responses"][201]["content"]["application/json"]
    >();
  });
});
