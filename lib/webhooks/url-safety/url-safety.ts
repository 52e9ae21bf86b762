import { isIP } from "node:net";
import { config } from "@/config";
import type { TEnvironment } from "@/lib/environment";
import { refusedCategory, type TAddressCategory } from "./address-ranges";
import { allowPrivateUrls } from "./allow-private-urls";
import { resolveHost, type TResolveHost, type TVettedAddress, timedOut } from "./resolve-host";
import { withinDeadline } from "./within-deadline";

export const maxWebhookUrlLength = 2048;

export type TUrlRefusal =
  | "invalid_url"
  | "unsupported_scheme"
  | "https_required"
  | "credentials_not_allowed"
  | "unresolvable"
  | "address_refused";

export type TUrlCheck =
  | {
      ok: true;
      url: URL;
      /** Host name without IPv6 brackets: for SNI, the Host header and certificate checks. */
      hostname: string;
      /** The address to connect to, so that a second DNS answer cannot swap it. */
      address: TVettedAddress;
      addresses: TVettedAddress[];
    }
  | { ok: false; reason: TUrlRefusal; message: string; category?: TAddressCategory };

const categoryWords: Record<TAddressCategory, string> = {
  metadata: "a cloud metadata address",
  loopback: "a loopback address",
  unspecified: "an unspecified address (0.0.0.0 or ::)",
  multicast: "a multicast address",
  private: "a private network address",
  cgnat: "a carrier-grade NAT address",
  "link-local": "a link-local address",
  "unique-local": "a unique-local IPv6 address",
  reserved: "a reserved or non-routable address",
  invalid: "an invalid address",
};

/** The host's addresses (none when it has none), or "timeout" when they took too long. */
async function resolveWithin(
  resolve: TResolveHost,
  hostname: string,
  timeoutMs: number,
): Promise<TVettedAddress[] | "timeout"> {
  try {
    return await withinDeadline(resolve(hostname), timeoutMs);
  } catch (error) {
    return timedOut(error) ? "timeout" : [];
  }
}

function refuse(reason: TUrlRefusal, message: string, category?: TAddressCategory): TUrlCheck {
  return { ok: false, reason, message, ...(category ? { category } : {}) };
}

/**
 * Whether `url` may receive webhooks in `environment`, and the address to deliver to.
 * Production: https only, and every address the host resolves to must be public. Sandbox with
 * private URLs allowed (see `allowPrivateUrls`): http and loopback/private targets too; cloud
 * metadata, unspecified and multicast addresses are refused everywhere.
 * A refusal for a host name does not disclose the address it resolved to. A host that does not
 * resolve within `dnsTimeoutMs` is refused as unresolvable.
 */
export async function checkWebhookUrl({
  url,
  environment,
  allowPrivate = allowPrivateUrls({ environment }),
  resolve = resolveHost,
  dnsTimeoutMs = config().WEBHOOK_DNS_TIMEOUT_MS,
}: {
  url: string;
  environment: TEnvironment;
  allowPrivate?: boolean;
  resolve?: TResolveHost;
  dnsTimeoutMs?: number;
}): Promise<TUrlCheck> {
  const relaxed = environment === "sandbox" && allowPrivate;
  if (url.length > maxWebhookUrlLength) {
    return refuse("invalid_url", `url must be at most ${maxWebhookUrlLength} characters`);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse("invalid_url", "url is not a valid absolute URL");
  }
  // What is stored and checked again at each delivery is the normalized form, which can be longer.
  if (parsed.href.length > maxWebhookUrlLength) {
    return refuse(
      "invalid_url",
      `url must be at most ${maxWebhookUrlLength} characters once normalized (percent-encoded)`,
    );
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    return refuse("unsupported_scheme", "url must use https");
  }
  if (parsed.protocol === "http:" && !relaxed) {
    return refuse(
      "https_required",
      environment === "production" ? "url must use https in production" : "url must use https",
    );
  }
  if (parsed.username !== "" || parsed.password !== "") {
    return refuse("credentials_not_allowed", "url must not contain a user name or password");
  }
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(hostname);
  let addresses: TVettedAddress[];
  if (literal !== 0) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else {
    const resolved = await resolveWithin(resolve, hostname, dnsTimeoutMs);
    if (resolved === "timeout") {
      return refuse("unresolvable", `url host did not resolve within ${dnsTimeoutMs} ms`);
    }
    addresses = resolved;
    if (addresses.length === 0) {
      return refuse("unresolvable", "url host could not be resolved");
    }
  }
  for (const { address } of addresses) {
    const category = refusedCategory({ address, allowPrivate: relaxed });
    if (category !== null) {
      const target =
        literal !== 0
          ? `url points to ${categoryWords[category]}`
          : `url host resolves to ${categoryWords[category]}`;
      return refuse("address_refused", `${target}, which cannot receive webhooks`, category);
    }
  }
  const [address] = addresses;
  if (!address) return refuse("unresolvable", "url host could not be resolved");
  return { ok: true, url: parsed, hostname, address, addresses };
}
