import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { refunds } from "@/lib/db/schema";
import { inTransaction, type GatewayContext } from "@/lib/gateway/context";
import { acquirerFor, type RefundAcquirer } from "./acquirer";
import { finishRefund } from "./finish-refund";
import type { RefundRow } from "./refund-wire";

export interface RefundWorkerOptions {
  instanceId?: string;
  pollMs: number;
  /** How long a claimed refund is this instance's before another may ask the acquirer again. */
  leaseMs: number;
  batchSize: number;
  acquirer?: RefundAcquirer;
}

/**
 * Hands due pending refunds to the acquirer and records its answer (docs/refunds.md). Durable:
 * the work is the table itself (status pending, settle_at past), so a restart picks it up again.
 * Several processes on one PostgreSQL claim rows with FOR UPDATE SKIP LOCKED under a lease, as
 * the callback outbox does; the answer is written only while the refund is still pending, so a
 * second instance that asks after a lease ran out cannot finish it twice.
 */
export class RefundWorker {
  readonly instanceId: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly acquirer: RefundAcquirer;

  constructor(
    private readonly gw: GatewayContext,
    private readonly opts: RefundWorkerOptions,
  ) {
    this.instanceId = opts.instanceId ?? randomUUID();
    this.acquirer = opts.acquirer ?? acquirerFor(gw);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.tick()
        .then(() => undefined)
        .catch((err: unknown) => this.gw.log.warn({ err }, "refund worker tick failed"))
        .finally(() => {
          this.running = null;
          const more = this.again;
          this.again = false;
          this.schedule(more ? 0 : this.opts.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** One pass: claim what is due, ask the acquirer, write down its answers. */
  async tick(): Promise<number> {
    let done = 0;
    for (;;) {
      const claimed = await this.claim();
      for (const row of claimed) {
        const outcome = await this.acquirer.refund(row);
        if (outcome === null) continue;
        if (await finishRefund(this.gw, row.id, outcome)) done++;
      }
      if (claimed.length < this.opts.batchSize) break;
    }
    if (done > 0) this.gw.kickOutbox?.();
    return done;
  }

  async claim(): Promise<RefundRow[]> {
    const now = this.gw.now();
    return inTransaction(this.gw.db, async (tx) => {
      const due = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(
          and(
            eq(refunds.status, "pending"),
            lte(refunds.settleAt, now),
            or(isNull(refunds.leaseUntil), lt(refunds.leaseUntil, now)),
          ),
        )
        .orderBy(asc(refunds.settleAt))
        .limit(this.opts.batchSize)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(refunds)
        .set({ leaseUntil: new Date(now.getTime() + this.opts.leaseMs), leasedBy: this.instanceId })
        .where(
          inArray(
            refunds.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }
}
