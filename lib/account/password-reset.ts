import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { passwordResets, users } from "@/db/schema";
import { invalid } from "@/lib/http/api-error";
import { randomBase62 } from "@/lib/ids";
import { hashSecret } from "@/lib/keys/secret";
import { sendMail } from "@/lib/mail/send-mail";
import { recordAccountAuditEntry } from "@/lib/team/record-account-audit-entry";
import { hashPassword } from "@/lib/users/password";
import { ZEmail, ZPassword } from "@/lib/users/schemas";
import { endEveryConsoleSession } from "./console-sessions";
import { mayMailLink } from "./mailed-links";

/** How long a reset link works. */
const LINK_LIFETIME_MS = 30 * 60_000;

export const ZPasswordResetRequest = z.strictObject({ email: ZEmail });
export const ZPasswordResetBody = z.strictObject({
  token: z.string().min(1).max(200),
  password: ZPassword,
});

/**
 * Mails a reset link to the account with this email, if there is one and it has not had three
 * links this hour. The caller answers the same either way (and before this runs), so the
 * answer never tells whether an account exists.
 */
export async function mailPasswordResetLink({ email, origin }: { email: string; origin: string }) {
  const token = randomBase62(43);
  // Under the user's row lock, for the hourly count.
  const user = await db.transaction(async (tx) => {
    const [found] = await tx.select().from(users).where(eq(users.email, email)).for("update");
    // An account that signs in with GitHub has no password to reset.
    if (!found?.passwordHash) return undefined;
    if (!(await mayMailLink(tx, passwordResets, found.id))) return undefined;
    await tx.insert(passwordResets).values({
      hash: hashSecret(token),
      userId: found.id,
      expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
    });
    return found;
  });
  if (!user) return;
  await sendMail({
    to: user.email,
    subject: "Reset your Agent Settlement Service password",
    text: [
      `Someone asked to reset the password of ${user.email}.`,
      "",
      "Choose a new password here (the link works once, for 30 minutes):",
      `${origin}/reset-password#${token}`,
      "",
      "If that was not you, ignore this mail: your password stays as it is.",
    ].join("\n"),
  });
}

/**
 * Sets a new password with a mailed link: the link is used up with every other one the user
 * had, and every console session of the user ends (they sign in again with the new password).
 */
export async function resetPassword({
  token,
  password,
  requestId,
}: z.infer<typeof ZPasswordResetBody> & { requestId: string }) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.hash, hashSecret(token)))
      .for("update");
    if (!link || link.usedAt || link.expiresAt.getTime() < Date.now()) {
      throw invalid("This link is used, expired or unknown; ask for a new one.", "token");
    }
    const [user] = await tx
      .update(users)
      // The link reached the mailbox: the address is verified too.
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, link.userId))
      .returning();
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, link.userId), isNull(passwordResets.usedAt)));
    await endEveryConsoleSession(tx, link.userId);
    await recordAccountAuditEntry(tx, {
      user: user!,
      action: "account.password_reset",
      requestId,
    });
  });
}
