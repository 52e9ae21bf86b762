import { allowHeader, methodNotAllowed } from "@/lib/http/respond";
import { refusalResponse } from "./json-rpc-refusal";

/**
 * POST carries JSON-RPC; DELETE ends a session, of which a stateless server has none. There is
 * no GET stream: a stateless server sends nothing unasked, and a stream that closed at once had
 * clients reconnect to it for ever.
 */
const servedMethods = ["POST", "DELETE"];

/**
 * The answer to a method the MCP server does not serve: OPTIONS names the served ones, anything
 * else (GET, HEAD) is 405 with Allow, which tells an MCP client there is no stream to open (the
 * Streamable HTTP transport). Undefined for a served method.
 */
export function otherMethodResponse(
  request: Request,
  origin: string,
  headers: Headers,
): Response | undefined {
  if (servedMethods.includes(request.method)) return undefined;
  if (request.method === "OPTIONS") {
    headers.set("Allow", allowHeader(servedMethods));
    return new Response(null, { status: 204, headers });
  }
  return refusalResponse(methodNotAllowed(servedMethods), origin, headers);
}
