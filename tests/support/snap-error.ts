import { SnapClientError } from "@/lib/clients/gateway-client";

/** Await a call expected to fail and return its SNAP error, or fail the test. */
export async function snapError(p: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof SnapClientError) return { status: e.status, code: e.responseCode, message: e.responseMessage };
    throw e;
  }
  throw new Error("expected a SNAP error, got success");
}
