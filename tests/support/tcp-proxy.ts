import { createConnection, createServer, type Server, type Socket } from "node:net";

export type TTcpProxy = {
  port: number;
  /** Keeps connections open but forwards nothing, as a stalled server would. */
  hang: () => void;
  /** Drops every open connection and refuses new ones, as a stopped server would. */
  cut: () => Promise<void>;
  /** Forwards again and accepts connections on the same port. */
  restore: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A TCP proxy on 127.0.0.1 in front of `target` (PostgreSQL, Redis) that a test can break
 * without touching the real server, which other tests keep using.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TTcpProxy> {
  let forwarding = true;
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      forwarding = true;
      const listening = createServer((client) => {
        const upstream = createConnection(target);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.on("data", (chunk) => forwarding && upstream.write(chunk));
        upstream.on("data", (chunk) => forwarding && client.write(chunk));
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      listening.once("error", reject);
      listening.listen(port, "127.0.0.1", () => {
        const address = listening.address();
        if (typeof address === "object" && address) port = address.port;
        server = listening;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
      const listening = server;
      server = undefined;
      if (!listening) return resolve();
      listening.close(() => resolve());
    });

  await listen();
  return {
    get port() {
      return port;
    },
    hang: () => {
      forwarding = false;
    },
    cut: stop,
    restore: listen,
    close: stop,
  };
}
