import { type ClientRequestArgs, Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent, type RequestOptions } from "node:https";

/** Request options naming the vetted address a pooled connection must lead to. */
export type TPinnedOptions = { pinnedAddress: string };

/**
 * Idle connections close after this long: under the 5 s keep-alive of Node's own servers, so a
 * connection is not reused just as the receiver closes it (a shorter `Keep-Alive: timeout=`
 * hint from the receiver wins).
 */
const idleMs = 4_000;

const pinnedName = (name: string, options: unknown) =>
  `${name}:${(options as Partial<TPinnedOptions> | undefined)?.pinnedAddress ?? ""}`;

// Pools are keyed by host and port (and TLS settings); the pinned address joins the key, so a
// connection opened to one vetted address never carries a request meant for another.
class PinnedHttpAgent extends HttpAgent {
  override getName(options?: ClientRequestArgs): string {
    return pinnedName(super.getName(options), options);
  }
}

class PinnedHttpsAgent extends HttpsAgent {
  override getName(options?: RequestOptions): string {
    return pinnedName(super.getName(options), options);
  }
}

/**
 * Keep-alive connection pools for webhook receivers: most deliveries go to endpoints that
 * received one a moment ago, and a new connection (a TLS handshake, in production) per
 * delivery cost more than the delivery.
 */
export const receiverAgents = {
  http: new PinnedHttpAgent({ keepAlive: true, timeout: idleMs }),
  https: new PinnedHttpsAgent({ keepAlive: true, timeout: idleMs }),
};
