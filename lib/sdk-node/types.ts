import type { components, operations } from "@/tests/support/openapi-types";
import type { OperationName } from "./operations";

/**
 * Each operation's input and answer, taken from the OpenAPI document's generated types
 * (tests/support/openapi-types.ts, which tests/api/openapi.test.ts keeps equal to the served
 * document, itself built from lib/contract's schemas): the SDK's types are the contract's.
 */
export type OperationTypes<K extends OperationName> = K extends keyof operations ? operations[K] : never;

type Part<O, Key extends string> = O extends { parameters: infer P }
  ? P extends { [k in Key]?: infer X }
    ? [NonNullable<X>] extends [never]
      ? object
      : NonNullable<X>
    : object
  : object;

type BodyOf<O> = O extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never]
    ? object
    : NonNullable<R> extends { content: { "application/json": infer B } }
      ? B
      : object
  : object;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** One flat object: the path's parameters, the query (GET) and the JSON body, by name. */
export type Input<K extends OperationName> = Flatten<
  Part<OperationTypes<K>, "path"> & Part<OperationTypes<K>, "query"> & BodyOf<OperationTypes<K>>
>;

type Success<R> = R extends { 200: { content: { "application/json": infer A } } }
  ? A
  : R extends { 201: { content: { "application/json": infer A } } }
    ? A
    : never;

/** The 2xx answer's JSON. */
export type Answer<K extends OperationName> = OperationTypes<K> extends { responses: infer R } ? Success<R> : never;

/** Options of one call. */
export interface CallOptions {
  /**
   * /v1 operations that take one (payment intents, refunds): the Idempotency-Key. Default: a
   * fresh UUID per call, reused by the SDK's own retries, so a retry never acts twice.
   */
  idempotencyKey?: string;
  /** /v1.0 operations: the X-EXTERNAL-ID. Default: a fresh UUID per call, reused by retries. */
  externalId?: string;
  signal?: AbortSignal;
}

/** Required when the operation has required fields, optional when it has none. */
type HasRequired<T> = object extends T ? false : true;

export type OperationMethod<K extends OperationName> =
  HasRequired<Input<K>> extends true
    ? (input: Input<K>, options?: CallOptions) => Promise<Answer<K>>
    : (input?: Input<K>, options?: CallOptions) => Promise<Answer<K>>;

export type OperationMethods = { [K in OperationName]: OperationMethod<K> };

/** The resources merchants name most, as the document defines them. */
export type Refund = components["schemas"]["Refund"];
export type SavedCard = components["schemas"]["PaymentMethod"];
export type CallbackCheckReport = Answer<"createCallbackCheck">;
