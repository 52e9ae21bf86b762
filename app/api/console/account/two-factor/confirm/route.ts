import { confirmTotpEnrolment, ZTotpCodeBody } from "@/lib/account/two-factor";
import { handleConsole } from "@/lib/console/handle-console";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/account/two-factor/confirm - turn TOTP on with a first code; the answer is
  // the only place the recovery codes appear
  POST: handleConsole(
    { body: ZTotpCodeBody },
    ({ member, body }) => confirmTotpEnrolment(member.user.id, body.code),
    { role: "viewer", action: "account.two_factor.enable" },
  ),
});
