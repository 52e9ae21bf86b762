import { lookup, Resolver } from "node:dns/promises";
import { config } from "@/config";

export type TVettedAddress = { address: string; family: 4 | 6 };

/** Every address `hostname` resolves to (`resolveHost` by default; replaceable in tests). */
export type TResolveHost = (hostname: string) => Promise<TVettedAddress[]>;

/** Whether a resolution failed for want of an answer in time (c-ares' ETIMEOUT). */
export const timedOut = (reason: unknown) =>
  (reason as { code?: unknown } | undefined)?.code === "ETIMEOUT";

const withFamily = (family: 4 | 6) => (found: string[]) =>
  found.map((address): TVettedAddress => ({ address, family }));

/**
 * A resolver of webhook hosts with a deadline: A and AAAA queries through c-ares (node:dns
 * `Resolver`, its own timeout and tries within `timeoutMs`), which run on the event loop, unlike
 * `dns.lookup`, whose getaddrinfo holds one of libuv's 4 threads (shared with file and crypto
 * work) for as long as a slow DNS server takes. A name DNS gave no address for, quickly (no
 * query timed out), is looked up in the system's own sources through `lookup`: the names of
 * /etc/hosts such as localhost, and search domains; DNS has just answered, so this is quick too.
 * Either way every address is returned, for checkWebhookUrl to vet. `servers` (`ip:port`)
 * replaces the system's.
 */
export function dnsResolver({
  timeoutMs,
  servers,
}: {
  timeoutMs: number;
  servers?: string[];
}): TResolveHost {
  // Two tries (a lost packet is retried); with c-ares' backoff they take about 4 × `timeout`.
  const resolver = new Resolver({ timeout: Math.max(1, Math.floor(timeoutMs / 4)), tries: 2 });
  if (servers) resolver.setServers(servers);
  return async (hostname) => {
    const answers = await Promise.allSettled([
      resolver.resolve4(hostname).then(withFamily(4)),
      resolver.resolve6(hostname).then(withFamily(6)),
    ]);
    const addresses = answers.flatMap((answer) =>
      answer.status === "fulfilled" ? answer.value : [],
    );
    if (addresses.length > 0) return addresses;
    const timeout = answers.find(
      (answer): answer is PromiseRejectedResult =>
        answer.status === "rejected" && timedOut(answer.reason),
    );
    if (timeout) throw timeout.reason;
    const found = await lookup(hostname, { all: true });
    return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
  };
}

let systemResolver: TResolveHost | undefined;

/** Webhook hosts resolved on the system's DNS servers, within WEBHOOK_DNS_TIMEOUT_MS. */
export const resolveHost: TResolveHost = (hostname) => {
  systemResolver ??= dnsResolver({ timeoutMs: config().WEBHOOK_DNS_TIMEOUT_MS });
  return systemResolver(hostname);
};
