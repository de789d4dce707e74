import net from "node:net";

export interface SilentServer {
  /** `http://127.0.0.1:{port}` */
  url: string;
  /** The connections it accepted and holds. */
  connections: number;
  /** The first line of each request it read ("GET /path HTTP/1.1"). */
  asked: string[];
  /** Drops every held connection and stops listening. */
  close(): Promise<void>;
}

/**
 * A service on 127.0.0.1 that accepts every connection, reads the request and never answers:
 * a gateway or a merchant endpoint that has stopped answering. No test or browser suite import
 * here, so both can use it.
 */
export async function startSilentServer(): Promise<SilentServer> {
  const held = new Set<net.Socket>();
  const silent: SilentServer = {
    url: "",
    connections: 0,
    asked: [],
    close: async () => {
      for (const s of held) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = net.createServer((socket) => {
    held.add(socket);
    silent.connections++;
    socket.on("error", () => undefined); // the caller may reset it when its own bound ends the call
    socket.on("data", (chunk) => silent.asked.push(chunk.toString("latin1").split("\r\n")[0]!));
    socket.on("close", () => held.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  silent.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return silent;
}
