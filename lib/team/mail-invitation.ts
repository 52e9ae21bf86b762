import { sendMail, type TMailOutcome } from "@/lib/mail/send-mail";
import { log } from "@/lib/observability/logger";

/**
 * Mails an invitation's link to the invitee. A mail that cannot be sent does not undo the
 * invitation: the inviter still has the link, and the answer says what happened to the mail.
 */
export async function mailInvitation({
  to,
  url,
  organization,
  invitedBy,
  role,
  expiresAt,
}: {
  to: string;
  url: string;
  organization: string;
  invitedBy: string;
  role: string;
  expiresAt: string;
}): Promise<TMailOutcome | "failed"> {
  try {
    return await sendMail({
      to,
      subject: `${invitedBy} invited you to ${organization} on Agent Settlement Service`,
      text: [
        `${invitedBy} invited you to join ${organization} as ${role}.`,
        "",
        `Accept here (the link works once, until ${expiresAt}):`,
        url,
      ].join("\n"),
    });
  } catch (err) {
    log.error({ err, kind: "mail" }, "invitation: the link could not be mailed");
    return "failed";
  }
}
