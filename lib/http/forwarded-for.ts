import { BlockList, isIP } from "node:net";

/** Headers a client could set to pose as a proxy, dropped unless the peer is a trusted proxy. */
export const forwardingHeaders = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "forwarded",
] as const;

const withoutMappedPrefix = (address: string) =>
  address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

function family(address: string): "ipv4" | "ipv6" | undefined {
  const version = isIP(address);
  return version === 4 ? "ipv4" : version === 6 ? "ipv6" : undefined;
}

/**
 * The proxies whose forwarding headers count, from a comma-separated list of addresses and CIDR
 * ranges; `loopback` stands for 127.0.0.0/8 and ::1. Throws naming the first entry it cannot read.
 */
export function parseTrustedProxies(list: string): BlockList {
  const trusted = new BlockList();
  for (const entry of list
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (entry === "loopback") {
      trusted.addSubnet("127.0.0.0", 8, "ipv4");
      trusted.addAddress("::1", "ipv6");
      continue;
    }
    const [address = "", prefix] = entry.split("/");
    const kind = family(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = kind === "ipv4" ? 32 : 128;
    if (
      !kind ||
      (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= maxBits))
    ) {
      throw new Error(`"${entry}" is not an IP address or CIDR range`);
    }
    if (bits === undefined) trusted.addAddress(address, kind);
    else trusted.addSubnet(address, bits, kind);
  }
  return trusted;
}

export function isTrusted(trusted: BlockList, address: string): boolean {
  const plain = withoutMappedPrefix(address);
  const kind = family(plain);
  return kind !== undefined && trusted.check(plain, kind);
}

/**
 * The client's address: the socket's peer, unless the peer is a trusted proxy; then the
 * rightmost X-Forwarded-For entry that is not itself a trusted proxy (entries to its left were
 * written by whoever sent the request, and prove nothing).
 */
export function clientAddressOf({
  peer,
  forwardedFor,
  trusted,
}: {
  peer: string;
  forwardedFor: string | undefined;
  trusted: BlockList;
}): string {
  let client = withoutMappedPrefix(peer);
  if (!isTrusted(trusted, client)) return client;
  const hops = (forwardedFor ?? "").split(",").map((hop) => hop.trim());
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = withoutMappedPrefix(hops[index] ?? "");
    if (!family(hop)) break;
    client = hop;
    if (!isTrusted(trusted, hop)) break;
  }
  return client;
}
