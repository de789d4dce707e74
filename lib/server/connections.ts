import type http from "node:http";
import type { Socket } from "node:net";

/**
 * Graceful shutdown for keep-alive clients. `server.close()` waits for every connection
 * to end, and Node closes only the connections idle at that moment: a keep-alive socket
 * whose request was still running stayed open after its answer until the client or the
 * 65 s keep-alive timeout closed it, so the process hit its 10 s deadline and exited 1.
 * Once draining, every answer carries `Connection: close` and a socket is ended as soon as
 * it has no request left.
 * A socket is forgotten when it closes, for good (docs/security-edges.md, "A client that
 * leaves early").
 */
export function trackConnections(server: http.Server): { drain(): void; readonly open: number } {
  const active = new Map<Socket, number>();
  let draining = false;

  server.on("connection", (socket: Socket) => {
    active.set(socket, 0);
    socket.on("close", () => active.delete(socket));
  });
  // Before the app's handler, so the header is in place before anything is written.
  server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    active.set(socket, (active.get(socket) ?? 0) + 1);
    if (draining) res.setHeader("Connection", "close");
    res.on("close", () => {
      // An answer the client left before it ended (an event stream, a payer who closed the
      // tab) closes after its socket did: that socket is gone, not to be counted again.
      const open = active.get(socket);
      if (open === undefined) return;
      const left = open - 1;
      active.set(socket, left);
      if (draining && left === 0) socket.end();
    });
  });

  return {
    /** Sockets still open. */
    get open() {
      return active.size;
    },
    drain() {
      draining = true;
      for (const [socket, requests] of active) if (requests === 0) socket.end();
    },
  };
}
