import { handleConsole } from "@/lib/console/handle-console";
import { answerConsent, ZConsentBody } from "@/lib/oauth/consent";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/oauth/allow - grant an MCP client's authorization request: a code for it
  POST: handleConsole(
    { body: ZConsentBody },
    ({ member, origin, body }) => answerConsent({ member, query: body.query, allow: true, origin }),
    { action: "oauth.allow" },
  ),
});
