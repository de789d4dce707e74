import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

/** The parts of an OpenAPI 3.1 document the validator reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}
interface Operation {
  operationId?: string;
  responses?: Record<
    string,
    {
      content?: Record<string, { schema?: unknown; example?: unknown; examples?: Record<string, { value: unknown }> }>;
      headers?: Record<string, { required?: boolean; schema?: unknown }>;
    }
  >;
  requestBody?: {
    content?: Record<string, { schema?: unknown; example?: unknown; examples?: Record<string, { value: unknown }> }>;
  };
  parameters?: { name: string; schema?: unknown; example?: unknown }[];
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/**
 * Checks real answers against the document the server serves: the operation is found by
 * method and path template, the schema by status; an answer the document does not describe
 * (an undocumented status, or a body outside the schema) is an error, named with its operation.
 */
export class ResponseValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly compiled = new Map<unknown, ValidateFunction>();
  private readonly routes: { method: string; regex: RegExp; template: string; op: Operation }[] = [];
  /** operationId → the statuses answered so far, for "every operation was exercised" checks. */
  readonly seen = new Map<string, Set<number>>();

  constructor(readonly doc: OpenApiDocument) {
    this.ajv.addSchema({ $id: "doc", components: doc.components ?? {} });
    for (const [template, item] of Object.entries(doc.paths)) {
      const regex = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`);
      for (const method of METHODS) if (item[method]) this.routes.push({ method, regex, template, op: item[method] });
    }
  }

  /** The schema, with `#/components/...` references resolved against the document. */
  schemaValidator(schema: unknown): ValidateFunction {
    let fn = this.compiled.get(schema);
    if (!fn) {
      fn = this.ajv.compile(
        JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as object,
      );
      this.compiled.set(schema, fn);
    }
    return fn;
  }

  /** Throws unless the answer is one the document describes. JSON answers only; pages and redirects are skipped. */
  check(
    method: string,
    url: string,
    status: number,
    contentType: string | null,
    body: unknown,
    headers?: Headers,
  ): void {
    const pathname = new URL(url, "http://x").pathname;
    const route = this.routes.find((r) => r.method === method.toLowerCase() && r.regex.test(pathname));
    if (!route) throw new Error(`${method} ${pathname}: no such operation in the document`);
    const id = route.op.operationId ?? `${method} ${route.template}`;
    if (!this.seen.has(id)) this.seen.set(id, new Set());
    this.seen.get(id)!.add(status);
    if (!contentType?.includes("application/json")) return;
    const response = route.op.responses?.[String(status)] ?? route.op.responses?.default;
    if (!response)
      throw new Error(`${id}: answered ${status}, which the document does not list (${JSON.stringify(body)})`);
    // The answer's declared headers: a required one must be there, and match its schema.
    for (const [name, header] of Object.entries(headers ? (response.headers ?? {}) : {})) {
      const value = headers!.get(name);
      if (value === null) {
        if (header.required) throw new Error(`${id} ${status}: the document requires the header ${name}, absent`);
        continue;
      }
      const validateHeader = this.schemaValidator(header.schema ?? {});
      if (!validateHeader(value))
        throw new Error(`${id} ${status}: header ${name} "${value}" outside the documented schema`);
    }
    const schema = response.content?.["application/json"]?.schema;
    if (!schema) throw new Error(`${id}: ${status} has no JSON schema in the document`);
    const validate = this.schemaValidator(schema);
    if (!validate(body))
      throw new Error(
        `${id} ${status}: answer outside the documented schema: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
      );
  }

  /** A fetch that checks every answer it gets (and hands it on untouched). */
  fetch(inner: typeof fetch = fetch): typeof fetch {
    return async (input, init) => {
      const res = await inner(input, init);
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const method = init?.method ?? (input instanceof Request ? input.method : "GET");
      const text = await res.clone().text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: only the status is checked
      }
      this.check(method, url, res.status, res.headers.get("content-type"), body, res.headers);
      return res;
    };
  }
}
