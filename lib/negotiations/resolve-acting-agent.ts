import { getAgentOrThrow } from "@/lib/agents/get-agent";
import { actingAgentId, type TAuthContext } from "@/lib/auth/auth-context";
import { tenantOf } from "@/lib/auth/tenant";
import { ApiError, invalid } from "@/lib/http/api-error";

/**
 * The agent a request acts as. A JWT acts as its own agent (a different `agentId` is 403);
 * an API key acts for any active agent of its organization, named in the body.
 */
export async function resolveActingAgent({
  auth,
  agentId,
  param,
}: {
  auth: TAuthContext;
  agentId: string | undefined;
  param: string;
}): Promise<string> {
  const tokenAgent = actingAgentId(auth);
  if (tokenAgent) {
    if (agentId && agentId !== tokenAgent) {
      throw new ApiError({
        code: "forbidden",
        message: `This token acts as ${tokenAgent}; it cannot act as ${agentId}.`,
        param,
      });
    }
    return tokenAgent;
  }
  if (!agentId) throw invalid(`'${param}' is required with an API key.`, param);
  try {
    await getAgentOrThrow({ tenant: tenantOf(auth), agentId });
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") {
      throw new ApiError({ code: "not_found", message: error.message, param });
    }
    throw error;
  }
  return agentId;
}
