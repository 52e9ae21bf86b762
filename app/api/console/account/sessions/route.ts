import { listConsoleSessions } from "@/lib/account/console-sessions";
import { handleConsole } from "@/lib/console/handle-console";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/account/sessions - the signed-in user's sessions that are on
  GET: handleConsole({}, ({ member }) => listConsoleSessions(member.user.id, member.sessionId)),
});
