import { BlockList, isIP } from "node:net";

/** Why an address cannot receive webhooks; `null` from {@link classifyAddress} means public. */
export type TAddressCategory =
  | "metadata"
  | "loopback"
  | "unspecified"
  | "multicast"
  | "private"
  | "cgnat"
  | "link-local"
  | "unique-local"
  | "reserved"
  | "invalid";

type TRange = readonly [network: string, prefix: number];

/** Checked in this order, so the most specific reason wins (metadata before link-local). */
const ipv4Ranges: ReadonlyArray<readonly [TAddressCategory, readonly TRange[]]> = [
  [
    "metadata",
    [
      ["169.254.169.254", 32], // AWS, GCP, Azure, Oracle, DigitalOcean instance metadata
      ["169.254.170.2", 32], // AWS ECS task metadata
      ["169.254.170.23", 32], // AWS EKS pod identity
      ["100.100.100.200", 32], // Alibaba Cloud metadata
    ],
  ],
  ["loopback", [["127.0.0.0", 8]]],
  ["unspecified", [["0.0.0.0", 8]]],
  ["multicast", [["224.0.0.0", 4]]],
  [
    "private",
    [
      ["10.0.0.0", 8],
      ["172.16.0.0", 12],
      ["192.168.0.0", 16],
    ],
  ],
  ["cgnat", [["100.64.0.0", 10]]],
  ["link-local", [["169.254.0.0", 16]]],
  [
    "reserved",
    [
      ["192.0.0.0", 24], // IETF protocol assignments
      ["192.0.2.0", 24], // documentation
      ["198.18.0.0", 15], // benchmarking
      ["198.51.100.0", 24], // documentation
      ["203.0.113.0", 24], // documentation
      ["240.0.0.0", 4], // reserved, including 255.255.255.255
    ],
  ],
];

const ipv6Ranges: ReadonlyArray<readonly [TAddressCategory, readonly TRange[]]> = [
  [
    "metadata",
    [
      ["fd00:ec2::254", 128], // AWS instance metadata over IPv6
      ["fd00:ec2::23", 128], // AWS EKS pod identity over IPv6
    ],
  ],
  ["loopback", [["::1", 128]]],
  ["unspecified", [["::", 128]]],
  ["multicast", [["ff00::", 8]]],
  ["private", [["fec0::", 10]]], // deprecated site-local
  ["link-local", [["fe80::", 10]]],
  ["unique-local", [["fc00::", 7]]],
  [
    "reserved",
    [
      ["::", 96], // IPv4-compatible (deprecated); embedded addresses are classified above
      ["64:ff9b:1::", 48], // local-use NAT64
      ["100::", 64], // discard-only
      ["2001::", 23], // IETF protocol assignments, including Teredo
      ["2001:db8::", 32], // documentation
    ],
  ],
];

/** IPv6 forms that carry an IPv4 address: mapped, compatible, NAT64 and 6to4. */
function embeddedIpv4Subnets([network, prefix]: TRange): TRange[] {
  const octets = network.split(".").map(Number);
  const hex = (high = 0, low = 0) => ((high << 8) | low).toString(16);
  return [
    [`::ffff:${network}`, 96 + prefix],
    [`::${network}`, 96 + prefix],
    [`64:ff9b::${network}`, 96 + prefix],
    [`2002:${hex(octets[0], octets[1])}:${hex(octets[2], octets[3])}::`, 16 + prefix],
  ];
}

function buildLists() {
  const lists = new Map<TAddressCategory, BlockList>();
  const listFor = (category: TAddressCategory) => {
    const existing = lists.get(category);
    if (existing) return existing;
    const created = new BlockList();
    lists.set(category, created);
    return created;
  };
  for (const [category, ranges] of ipv4Ranges) {
    const list = listFor(category);
    for (const range of ranges) {
      list.addSubnet(range[0], range[1], "ipv4");
      for (const [network, prefix] of embeddedIpv4Subnets(range)) {
        list.addSubnet(network, prefix, "ipv6");
      }
    }
  }
  for (const [category, ranges] of ipv6Ranges) {
    const list = listFor(category);
    for (const [network, prefix] of ranges) list.addSubnet(network, prefix, "ipv6");
  }
  return lists;
}

const lists = buildLists();
const categoryOrder: readonly TAddressCategory[] = [
  "metadata",
  "loopback",
  "unspecified",
  "multicast",
  "private",
  "cgnat",
  "link-local",
  "unique-local",
  "reserved",
];

/** IPv6 space that can hold a public unicast address: global unicast, IPv4-mapped, NAT64. */
const ipv6Routable = new BlockList();
ipv6Routable.addSubnet("2000::", 3, "ipv6");
ipv6Routable.addSubnet("::ffff:0.0.0.0", 96, "ipv6");
ipv6Routable.addSubnet("64:ff9b::", 96, "ipv6");

/**
 * The reason `address` (an IPv4 or IPv6 literal, zone id allowed) must not receive webhooks,
 * or `null` when it is a public unicast address. Anything that is not an IP is `invalid`.
 */
export function classifyAddress(address: string): TAddressCategory | null {
  const bare = address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 0) return "invalid";
  const type = version === 4 ? "ipv4" : "ipv6";
  for (const category of categoryOrder) {
    if (lists.get(category)?.check(bare, type)) return category;
  }
  if (type === "ipv6" && !ipv6Routable.check(bare, "ipv6")) return "reserved";
  return null;
}

/** Categories that stay refused even where private targets are allowed (sandbox). */
export const alwaysRefused: ReadonlySet<TAddressCategory> = new Set([
  "metadata",
  "unspecified",
  "multicast",
  "invalid",
]);

/** `null` when webhooks may be sent to `address`, otherwise why not. */
export function refusedCategory({
  address,
  allowPrivate,
}: {
  address: string;
  allowPrivate: boolean;
}): TAddressCategory | null {
  const category = classifyAddress(address);
  if (category === null) return null;
  if (allowPrivate && !alwaysRefused.has(category)) return null;
  return category;
}
