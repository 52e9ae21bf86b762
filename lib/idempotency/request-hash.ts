import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

/**
 * What makes two requests "the same" under one key: method, operation path (below the base
 * address, so `/sandbox/v1/x` and the sandbox host's `/v1/x` agree) with query, the JSON body
 * compared by value (RFC 8785), so key order and whitespace do not matter, and the agent an agent
 * token acts as (`actingAgent`), so that one agent never gets another's answer replayed.
 */
export function idempotencyRequestHash({
  method,
  url,
  body,
  actingAgent,
}: {
  method: string;
  url: string;
  body: unknown;
  actingAgent: string | undefined;
}): string {
  const { pathname, search } = new URL(url);
  const path = pathname.replace(/^\/sandbox(?=\/v1(\/|$))/, "");
  const actor = actingAgent === undefined ? "" : `\nacting as ${actingAgent}`;
  return createHash("sha256")
    .update(`${method} ${path}${search}\n${canonicalize(body) ?? ""}${actor}`)
    .digest("hex");
}
