import { handleConsole } from "@/lib/console/handle-console";
import { answerConsent, ZConsentBody } from "@/lib/oauth/consent";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/oauth/deny - decline an MCP client's authorization request; any member may
  POST: handleConsole(
    { body: ZConsentBody },
    ({ member, origin, body }) =>
      answerConsent({ member, query: body.query, allow: false, origin }),
    { action: "oauth.deny", role: "viewer" },
  ),
});
