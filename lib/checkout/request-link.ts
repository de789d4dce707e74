import "@/lib/server-only";
import { cookies } from "next/headers";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { authorizedLinkFor } from "./links";
import { SESSION_COOKIE } from "./session";

/** `authorizedLinkFor` with this App Router request's session cookie (actions, routes, the preview). */
export async function authorizedLink(id: string): Promise<PaymentLinkData | null> {
  return authorizedLinkFor(id, (await cookies()).get(SESSION_COOKIE)?.value);
}
