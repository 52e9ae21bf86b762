import { signOutConsoleSession } from "@/lib/account/console-sessions";
import { handleConsole } from "@/lib/console/handle-console";
import { ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/account/sessions/:id/sign-out - end one of the user's sessions
  POST: handleConsole(
    { params: ZIdParams },
    ({ member, params }) => signOutConsoleSession({ userId: member.user.id, sessionId: params.id }),
    { role: "viewer", action: "account.session.sign_out" },
  ),
});
