import type { Database } from "@/lib/db/client";
import { LinkEventBus } from "@/lib/events/bus";
import { decodeNotice, LINK_EVENTS_CHANNEL } from "@/lib/events/channel";
import { StreamHub } from "@/lib/events/stream-hub";
import type { GatewayContext } from "@/lib/gateway/context";
import { loadLinkSnapshot } from "@/lib/gateway/links/link-events";
import { toStreamSnapshot } from "@/lib/api/routes/link-events";
import { processShare } from "./cluster";

/**
 * Live link events for this process: the hub of open streams, fed by LISTEN on the database
 * (every committed change, from this process or any other sharing the database), with a
 * re-read of every watched link whenever the LISTEN connection had to be re-opened.
 */
export async function startLiveEvents(
  gw: GatewayContext,
  database: Database,
): Promise<{ hub: StreamHub; stop(): Promise<void> }> {
  const bus = new LinkEventBus();
  const { maxStreams, maxPerAddress, heartbeatMs } = gw.config.liveEvents;
  const hub = new StreamHub({
    bus,
    load: async (id) => {
      const s = await loadLinkSnapshot(gw, id);
      return s && toStreamSnapshot(s);
    },
    maxStreams,
    // Per address across the processes sharing the port: each holds its share.
    maxPerAddress: Math.ceil(maxPerAddress / processShare()),
    heartbeatMs,
    retryMs: 3_000,
    onError: (err) => gw.log.warn({ err }, "live events: reading a link failed"),
  });
  const unlisten = await database.listen(
    LINK_EVENTS_CHANNEL,
    (payload) => {
      const notice = decodeNotice(payload);
      if (notice) bus.publish(notice);
    },
    () => {
      gw.log.warn("live events: LISTEN connection re-opened; re-reading watched links");
      void hub.resync();
    },
  );
  return {
    hub,
    async stop() {
      hub.closeAll();
      await unlisten().catch(() => {});
    },
  };
}
