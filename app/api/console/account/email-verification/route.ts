import { mailVerificationLinkAgain } from "@/lib/account/email-verification";
import { handleConsole } from "@/lib/console/handle-console";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/account/email-verification - mail a new link that verifies the email
  POST: handleConsole(
    {},
    ({ member, origin }) => mailVerificationLinkAgain({ userId: member.user.id, origin }),
    { role: "viewer", action: "account.email_verification.mail" },
  ),
});
