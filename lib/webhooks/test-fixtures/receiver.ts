import { readFileSync } from "node:fs";
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";

export type TReceived = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** SNI name the client sent (https only). */
  servername?: string;
};

export type TReceiverHandler = (request: {
  received: TReceived;
  res: ServerResponse;
}) => void | Promise<void>;

export type TReceiver = {
  origin: string;
  port: number;
  received: TReceived[];
  close: () => Promise<void>;
};

const fixtures = new URL(".", import.meta.url);
export const hookTestCert = readFileSync(new URL("hook-test.crt", fixtures), "utf8");
const hookTestKey = readFileSync(new URL("hook-test.key", fixtures), "utf8");

/** A receiver on 127.0.0.1 that records every request, then lets `handler` answer it. */
export async function startReceiver({
  handler,
  tls = false,
}: {
  handler: TReceiverHandler;
  tls?: boolean;
}): Promise<TReceiver> {
  const received: TReceived[] = [];
  const listener = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const entry: TReceived = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
      ...(tls ? { servername: String((req.socket as TLSSocket).servername) } : {}),
    };
    received.push(entry);
    await handler({ received: entry, res });
  };
  const server: Server = tls
    ? createHttpsServer({ cert: hookTestCert, key: hookTestKey }, listener)
    : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${tls ? "https" : "http"}://127.0.0.1:${port}`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
