import { config } from "@/config";
import { configuredOrigin } from "@/config/public-origin";

/**
 * A state-changing console request must come from the console's own pages: browsers always
 * send Origin on a cross-origin or non-GET fetch, and another site cannot forge it.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const allowed = new Set([new URL(request.url).origin]);
  const configured = configuredOrigin(config());
  if (configured) allowed.add(configured);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) {
    const protocol = request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol;
    allowed.add(`${protocol.replace(/:$/, "")}://${host}`);
  }
  return allowed.has(origin);
}
