import { createServer, Socket as NetSocket, type Server, type Socket } from "node:net";

export type TcpProxy = {
  port: number;
  /** Drops every open connection and refuses new ones, as a stopped database would. */
  cut: () => Promise<void>;
  /** Accepts connections again, on the same port. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

/** A TCP proxy on 127.0.0.1 in front of `target`, for outages that do not touch the real server. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = new NetSocket();
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        upstream.connect(target.port, target.host);
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        const address = server?.address();
        if (typeof address === "object" && address) port = address.port;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });

  await listen();
  return { port, cut: stop, restore: listen, close: stop };
}
