import type { FlagStatus } from "@/lib/contract/link-flags";
import { linkEventId, type LinkChange, type LinkEventData } from "@/lib/contract/live-events";
import type { LinkEventBus } from "./bus";
import type { LinkNotice } from "./channel";

/** Where a stream's bytes go: a Node response or a web stream (lib/api/routes/link-events.ts). */
export interface SseSink {
  write(chunk: string): void;
  end(): void;
}

/** A link as a stream needs it, read from the database on connect, at expiry and on resync. */
export interface StreamSnapshot {
  version: number;
  flag: FlagStatus;
  tag: string;
  expiresAt: number;
}

export interface StreamHubOptions {
  bus: LinkEventBus;
  load(linkId: string): Promise<StreamSnapshot | null>;
  /** Open streams this process holds at most; beyond it a stream is refused (the page polls). */
  maxStreams: number;
  /** Open streams one client address holds at most in this process. */
  maxPerAddress: number;
  heartbeatMs: number;
  /** The `retry:` the browser waits before reconnecting a dropped stream. */
  retryMs: number;
  onError?(err: unknown): void;
}

type Pending = { id: number; data: Omit<LinkEventData, "serverNow"> };

/** One open (or opening) stream. Kept small: 10,000 of them are the point. */
export class LinkStream {
  sink: SseSink | null = null;
  lastId = -1;
  /** The newest event seen while the stream was still being opened. */
  early: Pending | null = null;
  closed = false;

  constructor(
    private readonly hub: StreamHub,
    readonly linkId: string,
    readonly address: string,
  ) {}

  /** Headers are out: send the newer of what was loaded and what arrived meanwhile. */
  start(sink: SseSink, lastEventId: number | null, snapshot: StreamSnapshot): void {
    this.sink = sink;
    this.lastId = lastEventId ?? -1;
    sink.write(`retry: ${this.hub.retryMs}\n\n`);
    this.hub.learn(this.linkId, snapshot);
    const loaded = eventOf(this.linkId, snapshot, "state");
    const early = this.early;
    this.early = null;
    this.send(early && early.id > loaded.id ? early : loaded);
  }

  send(ev: Pending): void {
    if (this.closed) return;
    if (!this.sink) {
      if (!this.early || ev.id > this.early.id) this.early = ev;
      return;
    }
    if (ev.id <= this.lastId) return;
    this.lastId = ev.id;
    this.sink.write(`id: ${ev.id}\nevent: link\ndata: ${JSON.stringify({ ...ev.data, serverNow: Date.now() })}\n\n`);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.hub.release(this);
  }
}

interface Group {
  streams: Set<LinkStream>;
  unsubscribe(): void;
  expiresAt: number | null;
  final: boolean;
  timer: NodeJS.Timeout | null;
}

function eventOf(linkId: string, s: { version: number; flag: FlagStatus; tag: string }, change: LinkChange): Pending {
  return {
    id: linkEventId(s.version, s.flag === "03"),
    data: {
      paymentLinkId: linkId,
      paymentFlagStatus: s.flag,
      paymentTag: s.tag,
      change,
    },
  };
}

/** Node's timers overflow past ~24.8 days: a far deadline is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The open event streams of this process, grouped by link. One bus subscription, one expiry
 * timer and one snapshot read per link however many pages watch it; one heartbeat interval
 * for all streams. Admission is capped per process and per client address.
 */
export class StreamHub {
  private readonly groups = new Map<string, Group>();
  private readonly perAddress = new Map<string, number>();
  private total = 0;
  private readonly heartbeat: NodeJS.Timeout;
  readonly retryMs: number;

  constructor(private readonly opts: StreamHubOptions) {
    this.retryMs = opts.retryMs;
    this.heartbeat = setInterval(() => this.beat(), opts.heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.total;
  }

  /** Why a new stream from `address` would be refused, or null. */
  refusal(address: string): "process" | "address" | null {
    if (this.total >= this.opts.maxStreams) return "process";
    if ((this.perAddress.get(address) ?? 0) >= this.opts.maxPerAddress) return "address";
    return null;
  }

  /**
   * Count and subscribe a stream before its link is read, so a change committed between the
   * read and the subscription is not missed (it is held in `early`). Call `start` or `close`.
   */
  reserve(linkId: string, address: string): LinkStream {
    const stream = new LinkStream(this, linkId, address);
    this.total++;
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    let group = this.groups.get(linkId);
    if (!group) {
      const g: Group = {
        streams: new Set(),
        unsubscribe: () => {},
        expiresAt: null,
        final: false,
        timer: null,
      };
      g.unsubscribe = this.opts.bus.subscribe(linkId, (n) => this.onNotice(g, n));
      this.groups.set(linkId, (group = g));
    }
    group.streams.add(stream);
    return stream;
  }

  release(stream: LinkStream): void {
    this.total--;
    const left = (this.perAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(stream.address, left);
    else this.perAddress.delete(stream.address);
    const group = this.groups.get(stream.linkId);
    if (!group) return;
    group.streams.delete(stream);
    if (group.streams.size === 0) {
      group.unsubscribe();
      if (group.timer) clearTimeout(group.timer);
      this.groups.delete(stream.linkId);
    }
  }

  /** A snapshot read for the link: arm its expiry timer once, while it can still expire. */
  learn(linkId: string, s: StreamSnapshot): void {
    const group = this.groups.get(linkId);
    if (!group) return;
    group.final = s.flag === "00" || s.flag === "03";
    if (group.final) {
      if (group.timer) clearTimeout(group.timer);
      group.timer = null;
      return;
    }
    if (group.timer && group.expiresAt === s.expiresAt) return;
    if (group.timer) clearTimeout(group.timer);
    group.expiresAt = s.expiresAt;
    this.arm(linkId, group);
  }

  private arm(linkId: string, group: Group): void {
    const wait = (group.expiresAt ?? 0) - Date.now();
    // A little past the deadline, so the database's clock agrees the link has expired.
    group.timer = setTimeout(
      () => (wait > MAX_TIMER_MS ? this.arm(linkId, group) : void this.refresh(linkId, "expired")),
      Math.min(MAX_TIMER_MS, Math.max(0, wait) + 50),
    );
    group.timer.unref();
  }

  private onNotice(group: Group, n: LinkNotice): void {
    if (n.flag === "00" || n.flag === "03") {
      group.final = true;
      if (group.timer) clearTimeout(group.timer);
      group.timer = null;
    }
    const ev = eventOf(n.linkId, n, n.change);
    for (const s of group.streams) s.send(ev);
  }

  /** Read the link again and send what changed (expiry reached, or notices possibly missed). */
  private async refresh(linkId: string, change: LinkChange): Promise<void> {
    const group = this.groups.get(linkId);
    if (!group) return;
    if (group.timer) clearTimeout(group.timer);
    group.timer = null;
    try {
      const s = await this.opts.load(linkId);
      if (!s || this.groups.get(linkId) !== group) return;
      this.learn(linkId, s);
      const ev = eventOf(linkId, s, s.flag === "03" ? change : "state");
      for (const stream of group.streams) stream.send(ev);
    } catch (err) {
      this.opts.onError?.(err);
      // Try again shortly: an expiry must not be lost to one failed read.
      if (this.groups.get(linkId) === group && !group.timer) {
        group.timer = setTimeout(() => void this.refresh(linkId, change), 1_000);
        group.timer.unref();
      }
    }
  }

  /** After the LISTEN connection was lost and re-opened: notices of that gap are gone, so re-read. */
  async resync(): Promise<void> {
    for (const linkId of [...this.groups.keys()]) await this.refresh(linkId, "state");
  }

  private beat(): void {
    // A comment line: keeps proxies and NAT tables from closing an idle stream, costs 3 bytes.
    for (const group of this.groups.values()) for (const s of group.streams) s.sink?.write(":\n\n");
  }

  /** Shutdown: end every stream (browsers reconnect, to another instance if there is one). */
  closeAll(): void {
    clearInterval(this.heartbeat);
    for (const group of [...this.groups.values()]) {
      for (const s of [...group.streams]) {
        s.sink?.end();
        s.close();
      }
    }
  }
}
