import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { callbackAttempts, callbackDeliveries, partners } from "@/lib/db/schema";
import type { Logger } from "pino";
import type { Config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { callbackHeaders } from "./sign";
import { MAX_REPLY_BYTES, postToTarget } from "./post";
import { resolveTarget, TargetRefused } from "./target";

const EXCERPT_CHARS = 500;

export interface WorkerOptions {
  instanceId?: string;
  /** Seconds to wait before retry 1, 2, …; after the last one the delivery is failed. */
  retrySchedule: number[];
  pollMs: number;
  leaseMs: number;
  timeoutMs: number;
  /** Until the connection stands (DNS lookup included); the rest of `timeoutMs` is for the answer. */
  connectTimeoutMs?: number;
  batchSize: number;
}

/** ≥ 24 h in all; first retry within 30 s (docs/contract.md §2.9). */
export const DEFAULT_RETRY_SCHEDULE = [10, 60, 300, 1800, 7200, 21600, 43200, 43200];

type Delivery = typeof callbackDeliveries.$inferSelect;

/**
 * Sends the outbox. Rows are claimed with FOR UPDATE SKIP LOCKED and leased to this
 * instance, the attempt counter bumped in the same statement, so two instances never
 * send the same attempt; a crashed instance's lease runs out and another one retries.
 * At-least-once: a merchant de-duplicates on X-EXTERNAL-ID (the delivery id).
 */
/** What the worker needs of the process: the gateway's context satisfies it. */
export interface NotifyContext {
  db: Db;
  config: Pick<Config, "mode">;
  vault: { gatewayPrivateKeyPem: string };
  log: Logger;
  now(): Date;
}

export class CallbackWorker {
  readonly instanceId: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private inFlight = new Set<Promise<void>>();

  constructor(
    private readonly gw: NotifyContext,
    private readonly opts: WorkerOptions,
  ) {
    this.instanceId = opts.instanceId ?? randomUUID();
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Look at the outbox now (called after a settlement commits). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await Promise.allSettled([...this.inFlight]);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.tick()
        .catch((err: unknown) => this.gw.log.warn({ err }, "callback worker tick failed"))
        .finally(() => {
          this.running = null;
          const more = this.again;
          this.again = false;
          this.schedule(more ? 0 : this.opts.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((d) => this.track(this.attempt(d))));
      if (claimed.length < this.opts.batchSize) return;
    }
  }

  private track(p: Promise<void>): Promise<void> {
    this.inFlight.add(p);
    return p.finally(() => this.inFlight.delete(p));
  }

  async claim(): Promise<Delivery[]> {
    const now = this.gw.now();
    return this.gw.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: callbackDeliveries.id })
        .from(callbackDeliveries)
        .where(
          and(
            eq(callbackDeliveries.status, "pending"),
            lte(callbackDeliveries.nextAttemptAt, now),
            or(isNull(callbackDeliveries.leaseUntil), lt(callbackDeliveries.leaseUntil, now)),
          ),
        )
        .orderBy(asc(callbackDeliveries.nextAttemptAt))
        .limit(this.opts.batchSize)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(callbackDeliveries)
        .set({
          leaseUntil: new Date(now.getTime() + this.opts.leaseMs),
          leasedBy: this.instanceId,
          attempts: sql`${callbackDeliveries.attempts} + 1`,
        })
        .where(
          inArray(
            callbackDeliveries.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  private async attempt(d: Delivery): Promise<void> {
    const startedAt = this.gw.now();
    const t0 = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let reply = "";
    try {
      const [merchant] = await this.gw.db
        .select({ channelId: partners.channelId })
        .from(partners)
        .where(eq(partners.id, d.partnerId))
        .limit(1);
      // One lookup, checked (production) and then dialled: never a second DNS answer.
      const connectTimeoutMs = Math.min(this.opts.connectTimeoutMs ?? this.opts.timeoutMs, this.opts.timeoutMs);
      const target = await resolveTarget(d.url, {
        allowPrivate: this.gw.config.mode !== "production",
        timeoutMs: connectTimeoutMs,
      });
      const res = await postToTarget(target, {
        headers: callbackHeaders({
          privateKeyPem: this.gw.vault.gatewayPrivateKeyPem,
          url: d.url,
          body: d.body,
          deliveryId: d.id,
          partnerId: d.partnerId,
          channelId: merchant?.channelId ?? "",
          now: startedAt,
        }),
        body: d.body,
        connectTimeoutMs,
        timeoutMs: this.opts.timeoutMs,
        maxReplyBytes: MAX_REPLY_BYTES,
      });
      statusCode = res.status;
      reply = res.reply.slice(0, EXCERPT_CHARS);
    } catch (err) {
      if (err instanceof TargetRefused)
        this.gw.log.warn({ delivery: d.id, detail: err.detail }, "callback target refused");
      error = err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 500) : String(err).slice(0, 500);
    }
    const latencyMs = Math.round(performance.now() - t0);
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const now = this.gw.now();
    const retryIn = this.opts.retrySchedule[d.attempts - 1];
    await this.gw.db.transaction(async (tx) => {
      await tx.insert(callbackAttempts).values({
        deliveryId: d.id,
        attemptNo: d.attempts,
        instanceId: this.instanceId,
        startedAt,
        statusCode,
        latencyMs,
        error,
        replyExcerpt: reply || null,
      });
      await tx
        .update(callbackDeliveries)
        .set(
          ok
            ? { status: "delivered", deliveredAt: now, leaseUntil: null, lastStatusCode: statusCode, lastError: null }
            : retryIn === undefined
              ? { status: "failed", leaseUntil: null, lastStatusCode: statusCode, lastError: error }
              : {
                  nextAttemptAt: new Date(now.getTime() + retryIn * 1000),
                  leaseUntil: null,
                  lastStatusCode: statusCode,
                  lastError: error,
                },
        )
        // Only while the lease is still ours: a late finisher must not overwrite a newer attempt.
        .where(
          and(
            eq(callbackDeliveries.id, d.id),
            eq(callbackDeliveries.leasedBy, this.instanceId),
            eq(callbackDeliveries.attempts, d.attempts),
          ),
        );
    });
    if (!ok)
      this.gw.log.info(
        { delivery: d.id, attempt: d.attempts, statusCode, error, retryIn: retryIn ?? null },
        "callback not acknowledged",
      );
  }
}
