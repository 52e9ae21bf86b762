import type { TEnvironment } from "@/lib/environment";
import { resourceMetadataUrlOf } from "@/lib/oauth/resources";

/**
 * The MCP answer as HTTP 401 when a tool call was refused for want of a working credential (the
 * MCP authorization spec): the same JSON-RPC body, with a `WWW-Authenticate` challenge naming
 * the protected resource metadata (RFC 9728 §5.1), and `invalid_token` when a credential was
 * sent (RFC 6750 §3.1). An OAuth client authorizes from there and retries.
 */
export function unauthorizedChallenge({
  response,
  request,
  environment,
  origin,
}: {
  response: Response;
  request: Request;
  environment: TEnvironment;
  origin: string;
}): Response {
  const parameters = [`resource_metadata="${resourceMetadataUrlOf(origin, environment)}"`];
  if (request.headers.has("authorization")) parameters.unshift(`error="invalid_token"`);
  const headers = new Headers(response.headers);
  headers.set("WWW-Authenticate", `Bearer ${parameters.join(", ")}`);
  return new Response(response.body, { status: 401, headers });
}
