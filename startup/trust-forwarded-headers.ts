import http from "node:http";
import type { BlockList } from "node:net";
import { clientAddressOf, forwardingHeaders, isTrusted } from "@/lib/http/forwarded-for";

const holder = globalThis as unknown as { __assForwardedHeaders?: boolean };

/**
 * Rewrites every incoming request's forwarding headers before Next.js sees them: from a trusted
 * proxy X-Forwarded-For becomes the one client address it vouches for; from anyone else the
 * forwarding headers are dropped and X-Forwarded-For is the socket's peer. This is the only place
 * that sees the socket: Next.js keeps a client's own X-Forwarded-* headers and gives route
 * handlers no peer address.
 */
export function trustForwardedHeadersFrom(trusted: BlockList): void {
  if (holder.__assForwardedHeaders) return;
  holder.__assForwardedHeaders = true;
  const emit = http.Server.prototype.emit as (
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ) => boolean;
  http.Server.prototype.emit = function (
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ) {
    if (event === "request") rewrite(args[0] as http.IncomingMessage, trusted);
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
}

function rewrite(request: http.IncomingMessage, trusted: BlockList) {
  const peer = request.socket.remoteAddress ?? "";
  const forwardedFor = request.headers["x-forwarded-for"];
  const client = clientAddressOf({
    peer,
    forwardedFor: Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor,
    trusted,
  });
  if (!isTrusted(trusted, peer)) {
    for (const name of forwardingHeaders) delete request.headers[name];
  }
  request.headers["x-forwarded-for"] = client;
}
