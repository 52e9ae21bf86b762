import { actingAgentId, type TAuthContext } from "@/lib/auth/auth-context";
import type { TScope } from "@/lib/auth/scopes";
import { ApiError } from "./api-error";

export function requireScope(
  auth: TAuthContext,
  scope: TScope | "api_key" | "any_credential",
): void {
  if (scope === "any_credential") return;
  if (scope === "api_key") {
    if (auth.credential.kind === "api_key") return;
    throw new ApiError({
      code: "forbidden",
      message: "This operation needs an API key; an agent token cannot call it.",
    });
  }
  if (auth.scopes.has(scope)) return;
  throw new ApiError({
    code: "forbidden",
    message: `This credential lacks the '${scope}' scope needed for this operation.`,
  });
}

/** An agent token acts on the organization's behalf only where an API key is not needed. */
export function refuseAgentToken(auth: TAuthContext): void {
  const agent = actingAgentId(auth);
  if (agent === undefined) return;
  throw new ApiError({
    code: "forbidden",
    message: `This token acts as ${agent}; this operation acts for the whole organization and needs an API key.`,
  });
}

/**
 * An agent token acts as its agent: on a resource whose subject or parties do not include that
 * agent it is refused (an API key acts for every agent of its organization).
 */
export function requireActingAgentAmong(
  auth: TAuthContext,
  agentIds: readonly string[],
  what: string,
): void {
  const agent = actingAgentId(auth);
  if (agent === undefined || agentIds.includes(agent)) return;
  throw new ApiError({
    code: "forbidden",
    message: `This token acts as ${agent}, which is not ${what}.`,
  });
}
