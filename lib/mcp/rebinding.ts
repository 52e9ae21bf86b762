import { config } from "@/config";
import { configuredOrigin } from "@/config/public-origin";

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * DNS rebinding protection: a web page on another site, resolving its own name to this server,
 * must not drive the MCP server from a browser. The Host must be the configured origin's (or a
 * loopback name when none is configured), and a browser's Origin must be that same host.
 * Answers what is refused, or undefined.
 */
export function refusedByHost(request: Request): string | undefined {
  const first = (value: string | null) => value?.split(",")[0]?.trim().toLowerCase() ?? "";
  const host = first(request.headers.get("x-forwarded-host")) || first(request.headers.get("host"));
  const configured = configuredOrigin(config());
  const allowed = configured
    ? host === new URL(configured).host.toLowerCase()
    : loopbackHosts.has(host.replace(/:\d+$/, ""));
  if (!allowed) return `Host ${host || "(none)"}`;
  const origin = request.headers.get("origin");
  if (origin && (!URL.canParse(origin) || new URL(origin).host.toLowerCase() !== host)) {
    return `Origin ${origin}`;
  }
  return undefined;
}
