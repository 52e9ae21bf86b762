import type http from "node:http";
import { rememberListeningPort } from "@/lib/http/internal-call";
import { isStopping } from "@/lib/readiness/stopping";

const servers = new Set<http.Server>();
const responses = new Set<http.ServerResponse>();
let idle: (() => void) | undefined;

/**
 * Holds a request until its response closes, and remembers its server. While the process stops,
 * responses ask the client not to reuse the connection, so no request is sent on a connection
 * that is about to close.
 */
export function trackRequest(server: http.Server, response: http.ServerResponse): void {
  if (!servers.has(server)) {
    const address = server.address();
    if (typeof address === "object" && address) rememberListeningPort(address.port);
  }
  servers.add(server);
  responses.add(response);
  if (isStopping()) response.setHeader("connection", "close");
  response.once("close", () => {
    responses.delete(response);
    if (responses.size === 0) idle?.();
  });
}

/**
 * Stops accepting connections (idle keep-alive ones close at once), waits until `deadlineAt`
 * for the requests in flight, then closes every connection left. Answers how many requests the
 * deadline cut off.
 */
export async function drainRequests(deadlineAt: number): Promise<number> {
  for (const response of responses) {
    if (!response.headersSent) response.setHeader("connection", "close");
  }
  for (const server of servers) server.close();
  if (responses.size > 0) {
    await new Promise<void>((resolve) => {
      idle = resolve;
      setTimeout(resolve, Math.max(0, deadlineAt - Date.now())).unref();
    });
  }
  const cutOff = responses.size;
  for (const server of servers) server.closeAllConnections();
  return cutOff;
}
