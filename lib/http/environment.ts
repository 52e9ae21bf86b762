import { config } from "@/config";
import type { TEnvironment } from "@/lib/environment";

/**
 * The environment of an API request, from the address the client called: `/sandbox/v1/...`
 * (whose route files re-export the /v1 handlers) or the SANDBOX_HOSTNAME host is sandbox;
 * anything else is production.
 */
export function environmentOf(request: Request, url = new URL(request.url)): TEnvironment {
  const { pathname } = url;
  if (pathname === "/sandbox/v1" || pathname.startsWith("/sandbox/v1/")) return "sandbox";
  return hostEnvironment(request, url);
}

/** Sandbox when the client called the SANDBOX_HOSTNAME host, production otherwise. */
export function hostEnvironment(request: Request, url = new URL(request.url)): TEnvironment {
  const sandboxHost = config().SANDBOX_HOSTNAME;
  const host = request.headers.get("host")?.split(":")[0]?.toLowerCase() ?? url.hostname;
  return sandboxHost && host === sandboxHost ? "sandbox" : "production";
}
