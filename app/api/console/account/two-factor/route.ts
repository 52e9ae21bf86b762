import { startTotpEnrolment } from "@/lib/account/two-factor";
import { handleConsole } from "@/lib/console/handle-console";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/account/two-factor - start setting up TOTP: a new secret, not yet in use
  POST: handleConsole({}, ({ member }) => startTotpEnrolment(member.user), {
    role: "viewer",
    action: "account.two_factor.setup",
  }),
});
