import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { emailVerifications, users } from "@/db/schema";
import { ApiError, invalid } from "@/lib/http/api-error";
import { randomBase62 } from "@/lib/ids";
import { hashSecret } from "@/lib/keys/secret";
import { sendMail, type TMailOutcome } from "@/lib/mail/send-mail";
import { recordAccountAuditEntry } from "@/lib/team/record-account-audit-entry";
import { LINKS_PER_HOUR, mayMailLink } from "./mailed-links";

/** How long a verification link works. */
const LINK_LIFETIME_MS = 24 * 60 * 60_000;

export const ZEmailVerificationBody = z.strictObject({ token: z.string().min(1).max(200) });

/**
 * Mails a link that verifies the user's current email: at sign-up, at an invitation's
 * acceptance, and when the user asks again (at most three an hour). `verified` when there is
 * nothing to verify; `limited` when this hour's links are spent.
 */
export async function mailVerificationLink({
  userId,
  origin,
}: {
  userId: string;
  origin: string;
}): Promise<TMailOutcome | "verified" | "limited"> {
  const token = randomBase62(43);
  // Under the user's row lock, for the hourly count.
  const user = await db.transaction(async (tx) => {
    const [found] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!found || found.emailVerifiedAt) return "verified" as const;
    if (!(await mayMailLink(tx, emailVerifications, found.id))) return "limited" as const;
    await tx.insert(emailVerifications).values({
      hash: hashSecret(token),
      userId: found.id,
      email: found.email,
      expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
    });
    return found;
  });
  if (typeof user === "string") return user;
  return sendMail({
    to: user.email,
    subject: "Verify your email for the Agent Settlement Service",
    text: [
      `Open this link to verify ${user.email} (it works once, for 24 hours):`,
      `${origin}/verify-email#${token}`,
      "",
      "Until it is verified, the account cannot invite teammates.",
      "If you did not sign up, ignore this mail.",
    ].join("\n"),
  });
}

/** mailVerificationLink when the user asked for it: a 429 when this hour's links are spent. */
export async function mailVerificationLinkAgain(input: { userId: string; origin: string }) {
  const outcome = await mailVerificationLink(input);
  if (outcome === "limited") {
    throw new ApiError({
      code: "rate_limited",
      message: `${LINKS_PER_HOUR} links were mailed in the last hour; open the newest one, or ask again later.`,
    });
  }
  return { mail: outcome };
}

/**
 * Verifies the email a mailed link was sent to, if it is still the user's: the link and every
 * other one of the user is used up. Signed in or not: the token is the proof.
 */
export async function verifyEmail({
  token,
  requestId,
}: z.infer<typeof ZEmailVerificationBody> & { requestId: string }) {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.hash, hashSecret(token)))
      .for("update");
    const [user] = link
      ? await tx.select().from(users).where(eq(users.id, link.userId)).for("update")
      : [];
    if (
      !link ||
      !user ||
      link.usedAt ||
      link.expiresAt.getTime() < Date.now() ||
      link.email !== user.email
    ) {
      throw invalid("This link is used, expired or unknown; ask for a new one.", "token");
    }
    await tx
      .update(emailVerifications)
      .set({ usedAt: new Date() })
      .where(and(eq(emailVerifications.userId, user.id), isNull(emailVerifications.usedAt)));
    if (user.emailVerifiedAt) return { email: user.email };
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    await recordAccountAuditEntry(tx, { user, action: "account.email_verified", requestId });
    return { email: user.email };
  });
}
