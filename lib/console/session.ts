import "@/lib/server-only";
import { config } from "@/lib/config";
import { gatewayBaseUrl, gatewayOverHttp, overHttp } from "@/lib/connector/gateway";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { ConsoleClient } from "@/lib/clients/console-client";
import { V1ClientError } from "@/lib/clients/v1-answer";
import type { ConsoleSessionInfo } from "@/lib/contract/console";
import { isConsoleToken } from "@/lib/contract/console-token";
import { CLIENT_ADDRESS_HEADER } from "@/lib/limits/registry";
import { frontendSecretKey } from "./frontend";

/** The console's session cookie: HttpOnly, SameSite=Lax, only sent to /merchant (docs/contract.md §5.1). */
export const CONSOLE_COOKIE = "nusapay_console";
export const CONSOLE_PATH = "/merchant";

function secureCookies(): boolean {
  return config().publicBaseUrl.startsWith("https://");
}

export async function sessionToken(): Promise<string | null> {
  const value = (await cookies()).get(CONSOLE_COOKIE)?.value ?? "";
  return isConsoleToken(value) ? value : null;
}

/**
 * A typed client speaking for the signed-in user; one X-Request-Id per page or action. Over
 * HTTP, each call bounded at 10 s, or at `boundMs` for a call the gateway itself spends longer on.
 */
export async function consoleClient(boundMs?: number): Promise<ConsoleClient | null> {
  const token = await sessionToken();
  if (!token) return null;
  const fetchImpl = boundMs === undefined ? gatewayOverHttp : overHttp(boundMs);
  return new ConsoleClient(gatewayBaseUrl(), { sessionToken: token }, { fetchImpl });
}

/**
 * How long "send test callback" may take: the gateway looks the merchant's host up within
 * CALLBACK_CONNECT_TIMEOUT_MS, then connects and waits for the answer within CALLBACK_TIMEOUT_MS
 * (this process's settings, which are the gateway's when it runs here); 5 s more for the rest.
 */
export function testCallbackBoundMs(): number {
  const { connectTimeoutMs, timeoutMs } = config().callbacks;
  return connectTimeoutMs + timeoutMs + 5_000;
}

/** The callback check answers within 30 s (docs/contract.md §11); 5 s more for the rest. */
export const CALLBACK_CHECK_BOUND_MS = 35_000;

export type Signed = { client: ConsoleClient; session: ConsoleSessionInfo };

/**
 * The signed-in user, checked with the gateway on every page and action (the gateway also
 * moves the idle deadline); null when there is none or it ended. One check per request.
 */
export const currentSession = cache(async (): Promise<Signed | null> => {
  const client = await consoleClient();
  if (!client) return null;
  try {
    return { client, session: await client.session() };
  } catch (err) {
    if (err instanceof V1ClientError && err.status === 401) return null;
    throw err;
  }
});

/** For pages: the session, or off to the sign-in page (which comes back here afterwards). */
export async function requireSession(returnTo: string): Promise<Signed> {
  const signed = await currentSession();
  if (!signed) redirect(`/merchant/sign-in?next=${encodeURIComponent(safeReturn(returnTo))}`);
  return signed;
}

/** Only console paths are followed after sign-in: never an open redirect. */
export function safeReturn(path: string | null | undefined): string {
  return path && /^\/merchant(\/[\w\-/]*)?(\?[\w=&%.-]*)?$/.test(path) && !path.startsWith("/merchant/sign-in")
    ? path
    : "/merchant";
}

export async function storeSession(token: string): Promise<void> {
  (await cookies()).set(CONSOLE_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: CONSOLE_PATH,
  });
}

export async function clearSession(): Promise<void> {
  (await cookies()).set(CONSOLE_COOKIE, "", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: CONSOLE_PATH,
    maxAge: 0,
  });
}

/** Email + password → cookie. The gateway counts failures per account and per browser address. */
export async function signInWithPassword(email: string, password: string): Promise<"ok" | "refused"> {
  const address = (await headers()).get(CLIENT_ADDRESS_HEADER) ?? "";
  const key = frontendSecretKey();
  const client = new ConsoleClient(gatewayBaseUrl(), null, { fetchImpl: gatewayOverHttp });
  try {
    const answer = await client.signIn(
      email,
      password,
      key && address ? { secretKey: key, clientAddress: address } : undefined,
    );
    await storeSession(answer.token);
    return "ok";
  } catch (err) {
    if (err instanceof V1ClientError && (err.status === 401 || err.status === 400 || err.status === 429))
      return "refused";
    throw err;
  }
}
