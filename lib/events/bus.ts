import type { LinkNotice } from "./channel";

type Listener = (notice: LinkNotice) => void;

/**
 * The in-process fan-out of link notices, keyed by link: a notice costs one map lookup, and
 * nothing at all for a link no page in this process is watching. Fed by the LISTEN bridge
 * (lib/events/bridge.ts), so a change committed by any process sharing the database arrives
 * here the same way.
 */
export class LinkEventBus {
  private readonly listeners = new Map<string, Set<Listener>>();

  subscribe(linkId: string, listener: Listener): () => void {
    let set = this.listeners.get(linkId);
    if (!set) this.listeners.set(linkId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(linkId) === set) this.listeners.delete(linkId);
    };
  }

  publish(notice: LinkNotice): void {
    const set = this.listeners.get(notice.linkId);
    if (!set) return;
    for (const listener of [...set]) listener(notice);
  }

  /** Links with at least one listener (for a resync after the LISTEN connection was lost). */
  watched(): string[] {
    return [...this.listeners.keys()];
  }
}
