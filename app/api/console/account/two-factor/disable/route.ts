import { disableTotp, ZTotpCodeBody } from "@/lib/account/two-factor";
import { handleConsole } from "@/lib/console/handle-console";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/account/two-factor/disable - turn TOTP off, with a code as proof
  POST: handleConsole(
    { body: ZTotpCodeBody },
    ({ member, body }) => disableTotp(member.user.id, body.code),
    { role: "viewer", action: "account.two_factor.disable" },
  ),
});
