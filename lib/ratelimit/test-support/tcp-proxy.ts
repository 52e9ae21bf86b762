import { createConnection, createServer, type Socket } from "node:net";

/**
 * A TCP proxy in front of Redis that a test can break: `hang()` keeps connections open but
 * forwards nothing (a stalled server), `cut()` drops every connection and refuses new ones (a
 * crashed server), `heal()` forwards again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let mode: "forward" | "hang" | "cut" = "forward";
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (mode === "cut") {
      client.destroy();
      return;
    }
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.on("data", (chunk) => mode === "forward" && upstream.write(chunk));
    upstream.on("data", (chunk) => mode === "forward" && client.write(chunk));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${port}`,
    hang: () => {
      mode = "hang";
    },
    cut: () => {
      mode = "cut";
      for (const socket of sockets) socket.destroy();
    },
    heal: () => {
      mode = "forward";
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
