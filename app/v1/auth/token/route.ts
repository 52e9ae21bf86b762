import { handle, routeMethods } from "@/lib/pipeline/handle";
import { issueAgentToken } from "@/lib/tokens/issue-token";
import { issueTokenOperation } from "@/lib/tokens/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/auth/token - issue an agent token
  POST: handle(issueTokenOperation, ({ auth, origin, body }) =>
    issueAgentToken({ auth, origin, input: body }),
  ),
});
