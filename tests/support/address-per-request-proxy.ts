import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { randomClientAddress } from "./api";

export type TAddressPerRequestProxy = { url: string; close: () => Promise<void> };

/**
 * An HTTP proxy on 127.0.0.1 in front of `target` that sends each request from a client address
 * of its own (X-Forwarded-For), for a client that cannot set headers: the MCP conformance suite
 * stands in for many clients, and its requests from one address would meet that address's
 * rate limit. Everything else, Host and Origin included, goes through as sent.
 */
export async function startAddressPerRequestProxy(
  target: string,
): Promise<TAddressPerRequestProxy> {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, "x-forwarded-for": randomClientAddress() },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
