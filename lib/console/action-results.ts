import type { CreateLinkRequest, LinkDetail, TestCallback } from "@/lib/contract/console";
import type { CallbackCheck } from "@/lib/contract/callback-check";

/**
 * What the console's server actions answer. The actions live in app/merchant/actions.ts; the
 * client islands in components/merchant receive them through ConsoleActionsProvider and only
 * need these shapes.
 */
export type ActionResult<T = object> =
  ({ ok: true } & T) | { ok: false; error: string; fields?: Record<string, string> };
export type CreateResult = ActionResult<{ link: LinkDetail }>;
export type TestCallbackResult = ActionResult<{ test: TestCallback }>;
export type CallbackCheckResult = ActionResult<{ check: CallbackCheck }>;
export type RotateResult = ActionResult<{ value: string; until: string }>;

export interface ConsoleActions {
  signIn(prev: ActionResult, form: FormData): Promise<ActionResult>;
  createLink(body: CreateLinkRequest): Promise<CreateResult>;
  setMethod(prev: ActionResult, form: FormData): Promise<ActionResult>;
  setCallbackUrl(prev: ActionResult, form: FormData): Promise<ActionResult>;
  testCallback(): Promise<TestCallbackResult>;
  checkCallbacks(url: string): Promise<CallbackCheckResult>;
  rotateKey(which: "secretKey" | "clientSecret"): Promise<RotateResult>;
}
