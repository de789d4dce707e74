import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { consoleSessions, consoleUsers, signInFailures } from "@/lib/db/schema";
import { isConsoleToken } from "@/lib/contract/console-token";
import { sha256Hex } from "@/lib/snap/signing";
import { inTransaction, type GatewayContext } from "@/lib/gateway/context";
import { decoyHash, hashPassword, verifyPassword } from "./passwords";
import { getPartner, type Partner } from "./partners";
import { V1Error } from "@/lib/gateway/v1-error";

/** docs/contract.md §5.1: five failed sign-ins per account or per address within 15 min lock both for 15 min. */
export const SIGN_IN_LIMIT = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

export interface ConsoleUser {
  id: string;
  email: string;
  partnerId: string;
}

export interface ConsoleSession {
  user: ConsoleUser;
  partner: Partner;
  expiresAt: Date;
}

/** One answer for a wrong password, an unknown email and a locked account or address. */
export function signInRefused(): V1Error {
  return new V1Error(
    "sign_in_refused",
    "The email or password is wrong, or there were too many attempts. Try again later.",
  );
}

export function sessionExpired(): V1Error {
  return new V1Error("session_expired", "Sign in again: the console session is missing, ended or expired.");
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The scopes a failed attempt counts against: the account (by hash, known or not) and the address. */
function scopesOf(email: string, address: string): string[] {
  return [`account:${sha256Hex(normalizeEmail(email))}`, `address:${address}`];
}

async function locked(exec: Executor, scopes: string[], now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const rows = await exec
    .select({ scope: signInFailures.scope, n: sql<number>`count(*)::int` })
    .from(signInFailures)
    .where(and(inArray(signInFailures.scope, scopes), gt(signInFailures.at, since)))
    .groupBy(signInFailures.scope);
  return rows.some((r) => r.n >= SIGN_IN_LIMIT);
}

/**
 * An attempt is counted before its password is checked: in one short transaction (queued
 * behind the others' on the same account or address by advisory locks, so a burst is counted
 * one by one on every instance), a locked account or address refuses; otherwise the attempt
 * is written down as a failure. The slow hash runs after the commit, outside any
 * transaction. So a burst of guesses gets at most SIGN_IN_LIMIT password checks per account
 * and per address; checking the lock first and writing the failure after the hash let every
 * attempt of a burst through. The ids come back so that a success can take its own record back.
 */
async function countAttempt(ctx: GatewayContext, scopes: string[], now: Date): Promise<number[] | null> {
  return inTransaction(ctx.db, async (tx) => {
    // One lock per scope (account, address), taken in one order so two attempts never wait
    // on each other in a cycle; attempts on other accounts and addresses do not queue.
    for (const scope of [...scopes].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope}))`);
    if (await locked(tx, scopes, now)) return null;
    const rows = await tx
      .insert(signInFailures)
      .values(scopes.map((scope) => ({ scope, at: now })))
      .returning({ id: signInFailures.id });
    return rows.map((r) => r.id);
  });
}

/**
 * Email + password → a new session token (shown once; only its hash is stored). While an
 * account or address is locked, even the right password gets the generic refusal, and a
 * refused attempt during the lock is not counted again, so the lock ends 15 minutes after
 * the failures that caused it.
 */
export async function signIn(
  ctx: GatewayContext,
  input: { email: string; password: string; address: string },
): Promise<{ token: string; session: ConsoleSession }> {
  const now = ctx.now();
  const scopes = scopesOf(input.email, input.address);
  const counted = await countAttempt(ctx, scopes, now);
  if (!counted) throw signInRefused();
  const [user] = await ctx.db
    .select()
    .from(consoleUsers)
    .where(eq(consoleUsers.email, normalizeEmail(input.email)))
    .limit(1);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  // A wrong password (or no such user) leaves the attempt counted as the failure it is.
  if (!user || !ok) throw signInRefused();
  const partner = await getPartner(ctx, user.partnerId);
  if (!partner || partner.kind !== "merchant") throw signInRefused();
  const token = `cs_${randomBytes(32).toString("base64url")}`;
  const expiresAt = new Date(now.getTime() + ctx.config.consoleSession.maxSeconds * 1000);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(consoleSessions).values({
      tokenHash: sha256Hex(token),
      userId: user.id,
      partnerId: partner.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
    // A success clears the account's failures and takes back its own count against the
    // address (not the address's other failures: one address may try many accounts).
    await tx.delete(signInFailures).where(eq(signInFailures.scope, scopes[0]!));
    await tx.delete(signInFailures).where(inArray(signInFailures.id, counted));
    await tx.delete(signInFailures).where(lt(signInFailures.at, new Date(now.getTime() - 24 * 3600_000)));
  });
  return {
    token,
    session: {
      user: { id: user.id, email: user.email, partnerId: partner.id },
      partner,
      expiresAt: effectiveEnd(ctx, expiresAt, now),
    },
  };
}

/** When the session ends if no further request comes: idle limit or absolute end, whichever first. */
function effectiveEnd(ctx: GatewayContext, absolute: Date, lastSeen: Date): Date {
  const idleEnd = lastSeen.getTime() + ctx.config.consoleSession.idleSeconds * 1000;
  return new Date(Math.min(absolute.getTime(), idleEnd));
}

/** A console token → its session, or 401. Each use moves the idle deadline (written at most every 30 s). */
export async function authenticateSession(ctx: GatewayContext, token: string): Promise<ConsoleSession> {
  if (!isConsoleToken(token)) throw sessionExpired();
  const tokenHash = sha256Hex(token);
  const now = ctx.now();
  const [row] = await ctx.db
    .select({ session: consoleSessions, email: consoleUsers.email })
    .from(consoleSessions)
    .innerJoin(consoleUsers, eq(consoleUsers.id, consoleSessions.userId))
    .where(eq(consoleSessions.tokenHash, tokenHash))
    .limit(1);
  if (!row || effectiveEnd(ctx, row.session.expiresAt, row.session.lastSeenAt).getTime() <= now.getTime()) {
    if (row) await ctx.db.delete(consoleSessions).where(eq(consoleSessions.tokenHash, tokenHash));
    throw sessionExpired();
  }
  let lastSeen = row.session.lastSeenAt;
  if (now.getTime() - lastSeen.getTime() > 30_000) {
    await ctx.db.update(consoleSessions).set({ lastSeenAt: now }).where(eq(consoleSessions.tokenHash, tokenHash));
    lastSeen = now;
  }
  const partner = await getPartner(ctx, row.session.partnerId);
  if (!partner) throw sessionExpired();
  return {
    user: { id: row.session.userId, email: row.email, partnerId: partner.id },
    partner,
    expiresAt: effectiveEnd(ctx, row.session.expiresAt, lastSeen),
  };
}

export async function signOut(ctx: GatewayContext, token: string): Promise<void> {
  await ctx.db.delete(consoleSessions).where(eq(consoleSessions.tokenHash, sha256Hex(token)));
}

/**
 * A console user's row and password (returned once; stored only as a hash). Hashing takes a
 * few hundred ms, so it happens here, before the caller opens the transaction that inserts.
 */
export async function prepareConsoleUser(email: string) {
  const password = randomBytes(12).toString("base64url");
  const row = {
    id: randomUUID(),
    email: normalizeEmail(email),
    passwordHash: await hashPassword(password),
  };
  return { row, login: { email: row.email, password } };
}

export async function insertConsoleUser(
  tx: Executor,
  partnerId: string,
  row: Awaited<ReturnType<typeof prepareConsoleUser>>["row"],
): Promise<void> {
  await tx.insert(consoleUsers).values({ ...row, partnerId });
}
