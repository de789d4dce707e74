/**
 * @nusapay/node: the gateway's server SDK (docs/sdk.md). Packed by `npm run sdk:pack`
 * (scripts/sdk-pack.mjs) into a dependency-free ESM + CJS bundle with its .d.ts.
 */
export { NusapayClient, type NusapayClientOptions } from "./client";
export { ApiError, ConnectionError, NusapayError, SnapApiError } from "./errors";
export {
  handleOnce,
  header,
  MemoryDeliveryStore,
  verifyCallback,
  verifyCallbackAsync,
  type DeliveryStore,
  type HeaderSource,
  type OnceResult,
  type VerifyCallbackInput,
} from "./callbacks";
export { NOT_IN_SDK, OPERATIONS, type OperationName, type OperationSpec } from "./operations";
export type { Answer, CallOptions, Input, OperationMethods, OperationTypes } from "./types";
export type { CallbackCheckReport, Refund, SavedCard } from "./types";
export type { components, operations, paths } from "@/tests/support/openapi-types";
