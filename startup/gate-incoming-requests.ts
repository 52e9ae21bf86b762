import http from "node:http";
import type { BlockList } from "node:net";
import { invalid } from "@/lib/http/api-error";
import { errorBody } from "@/lib/http/error-response";
import { clientAddressOf, forwardingHeaders, isTrusted } from "@/lib/http/forwarded-for";
import { internalCallHeader, isInternalCall } from "@/lib/http/internal-call";
import { isMalformedPath } from "@/lib/http/malformed-path";
import { publicOrigin } from "@/lib/http/respond";
import { newId } from "@/lib/ids";
import { trackRequest } from "./in-flight-requests";

const holder = globalThis as unknown as { __assRequestGate?: boolean };

/**
 * Sees every incoming request before Next.js does, the only place that can: route handlers get
 * no socket address, and Next.js answers a malformed path with a bare 500 before any app code.
 * Forwarding headers are rewritten (see `rewriteForwarding`), a malformed path is refused
 * with 400 in the error envelope, and requests in flight are tracked for a clean stop.
 */
export function gateIncomingRequests(trusted: BlockList): void {
  if (holder.__assRequestGate) return;
  holder.__assRequestGate = true;
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
    if (event === "request") {
      const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
      trackRequest(this, response);
      rewriteForwarding(request, trusted);
      if (isMalformedPath(request.url ?? "/")) {
        refuseMalformedPath(request, response);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
}

/**
 * From a trusted proxy X-Forwarded-For becomes the one client address it vouches for; from
 * anyone else the forwarding headers are dropped and X-Forwarded-For is the socket's peer.
 */
function rewriteForwarding(request: http.IncomingMessage, trusted: BlockList) {
  // A call this process made to itself forwards headers the gate already vouched for.
  const internal = isInternalCall(request.headers[internalCallHeader]);
  delete request.headers[internalCallHeader];
  if (internal) return;
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

function refuseMalformedPath(request: http.IncomingMessage, response: http.ServerResponse) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  const origin = publicOrigin(new Request("http://localhost/", { headers }));
  const error = invalid("The request path has a '%' that is not a valid percent-encoding.", "path");
  request.resume();
  response
    .writeHead(400, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "request-id": newId("request"),
    })
    .end(JSON.stringify(errorBody(error, origin)));
}
