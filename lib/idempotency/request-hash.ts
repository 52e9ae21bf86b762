import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import type { TAuthContext } from "@/lib/auth/auth-context";

/**
 * The credential a replay is for: the same API key, or an agent token of the same agent, issued
 * by the same key with the same scopes (a token issued again for a retry qualifies). Another
 * credential of the organization never gets the answer, which may hold what it may not see or
 * do (another key's agent token with scopes it lacks).
 */
export function idempotencyCaller({
  credential,
  scopes,
}: Pick<TAuthContext, "credential" | "scopes">) {
  if (credential.kind === "api_key") return `API key ${credential.keyId}`;
  const issuer = credential.issuerKeyId ?? "no key";
  return `token of ${credential.agentId} from ${issuer} with ${[...scopes].sort().join(" ")}`;
}

/**
 * What makes two requests "the same" under one key: method, operation path (below the base
 * address, so `/sandbox/v1/x` and the sandbox host's `/v1/x` agree) with query, the JSON body
 * compared by value (RFC 8785), so key order and whitespace do not matter, and the credential
 * that sends it (`idempotencyCaller`).
 */
export function idempotencyRequestHash({
  method,
  url,
  body,
  caller,
}: {
  method: string;
  url: string;
  body: unknown;
  caller: string;
}): string {
  const { pathname, search } = new URL(url);
  const path = pathname.replace(/^\/sandbox(?=\/v1(\/|$))/, "");
  return createHash("sha256")
    .update(`${method} ${path}${search}\n${canonicalize(body) ?? ""}\nby ${caller}`)
    .digest("hex");
}
