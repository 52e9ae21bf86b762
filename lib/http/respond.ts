import { config } from "@/config";
import { ApiError } from "./api-error";
import { errorBody } from "./error-response";
import { SerializedJson } from "./serialized-json";

export function jsonResponse(body: unknown, status: number, headers: Headers): Response {
  headers.set("content-type", "application/json; charset=utf-8");
  const text = body instanceof SerializedJson ? body.text : JSON.stringify(body);
  return new Response(text, { status, headers });
}

export function errorResponse(error: ApiError, origin: string, headers: Headers): Response {
  for (const [name, value] of Object.entries(error.headers ?? {})) headers.set(name, value);
  return jsonResponse(errorBody(error, origin), error.status, headers);
}

/**
 * The origin clients address: PUBLIC_URL when set, otherwise the request's own Host (Next.js
 * puts it in X-Forwarded-Host; `request.url` names the server's configured hostname instead).
 */
export function publicOrigin(request: Request, url = new URL(request.url)): string {
  return publicOriginOf(request.headers, url);
}

/** publicOrigin from a request's headers alone, for server components (`headers()`). */
export function publicOriginOf(
  headers: Pick<Headers, "get">,
  url = new URL("http://localhost"),
): string {
  const configured = config().PUBLIC_URL?.replace(/\/$/, "");
  if (configured) return configured;
  const host = headers.get("x-forwarded-host") ?? headers.get("host") ?? url.host;
  const proto = headers.get("x-forwarded-proto") ?? url.protocol.replace(/:$/, "");
  const first = (value: string) => value.split(",")[0]!.trim();
  return `${first(proto)}://${first(host)}`;
}

/** The `Allow` header of a path served by `methods`: HEAD comes with GET, OPTIONS always. */
export const allowHeader = (methods: string[]) =>
  [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");

export const methodNotAllowed = (allowed: string[]) =>
  new ApiError({
    code: "method_not_allowed",
    message: `This path answers ${allowed.join(", ")} only.`,
    headers: { Allow: allowHeader(allowed) },
  });
