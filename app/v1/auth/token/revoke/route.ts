import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { revokeTokensOperation } from "@/lib/tokens/operations";
import { revokeAgentTokens } from "@/lib/tokens/revoke-tokens";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/auth/token/revoke - revoke agent tokens
  POST: handle(revokeTokensOperation, ({ auth, body }) =>
    revokeAgentTokens({ tenant: tenantOf(auth), input: body }),
  ),
});
