import { and, eq, isNull } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { z } from "zod";
import { db, type TExecutor } from "@/db/client";
import { type TUser, totpRecoveryCodes, users } from "@/db/schema";
import { open, seal } from "@/lib/crypto/sealed-secret";
import { secretContexts } from "@/lib/crypto/secret-contexts";
import { conflict, invalid } from "@/lib/http/api-error";
import { randomBase62 } from "@/lib/ids";
import { hashSecret } from "@/lib/keys/secret";

const RECOVERY_CODES = 10;

export const ZTotpCodeBody = z.strictObject({
  code: z.string().trim().min(6).max(32).meta({ description: "A TOTP code or a recovery code." }),
});

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: "Agent Settlement Service",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

/** A recovery code's hash, as typed or not: spaces, dashes and case do not count. */
const hashRecoveryCode = (code: string) => hashSecret(code.replace(/[\s-]/g, "").toLowerCase());

/**
 * The time step a 6-digit code is valid for under the user's secret (one step of clock drift
 * either way), or undefined.
 */
function acceptedStep(user: TUser, code: string): number | undefined {
  if (!user.totpSecret || !/^\d{6}$/.test(code)) return undefined;
  const totp = totpOf(open(user.totpSecret, secretContexts.totpSecret(user.id)), user.email);
  const delta = totp.validate({ token: code, window: 1 });
  return delta === null ? undefined : Math.floor(Date.now() / 30_000) + delta;
}

/**
 * Starts enrolment: a new secret, sealed on the user and not in use until a code from it is
 * confirmed. Answers what the authenticator app needs (the otpauth URI, and the secret to type).
 */
export async function startTotpEnrolment(user: Pick<TUser, "id" | "email">) {
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  if (row?.totpEnabledAt) throw conflict("Two-factor sign-in is on already; turn it off first.");
  if (!row?.passwordHash) {
    throw conflict("This account signs in with GitHub: use GitHub's two-factor sign-in.");
  }
  const secret = new Secret({ size: 20 }).base32;
  await db
    .update(users)
    .set({ totpSecret: seal(secret, secretContexts.totpSecret(user.id)), totpLastStep: null })
    .where(eq(users.id, user.id));
  return { secret, uri: totpOf(secret, user.email).toString() };
}

/** Turns two-factor sign-in on with a first code, and answers the recovery codes, once. */
export async function confirmTotpEnrolment(userId: string, code: string) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (user?.totpEnabledAt) throw conflict("Two-factor sign-in is on already.");
    if (!user?.totpSecret) throw conflict("Start the set-up first: there is no secret to confirm.");
    const step = acceptedStep(user, code);
    if (step === undefined) throw invalid("The code is not correct; try the current one.", "code");
    const codes = Array.from({ length: RECOVERY_CODES }, () =>
      randomBase62(10)
        .toLowerCase()
        .replace(/^(.{5})/, "$1-"),
    );
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
    await tx
      .insert(totpRecoveryCodes)
      .values(codes.map((recovery) => ({ hash: hashRecoveryCode(recovery), userId })));
    await tx
      .update(users)
      .set({ totpEnabledAt: new Date(), totpLastStep: step })
      .where(eq(users.id, userId));
    return { id: userId, enabled: true, recoveryCodes: codes };
  });
}

/**
 * The second factor of a sign-in or of turning it off, in `tx`: a TOTP code not used before
 * (each time step signs in once), or an unused recovery code, which is then used up.
 */
async function secondFactorIn(tx: TExecutor, userId: string, code: string): Promise<boolean> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user?.totpEnabledAt) return false;
  const step = acceptedStep(user, code.trim());
  if (step !== undefined) {
    if (user.totpLastStep !== null && step <= user.totpLastStep) return false;
    await tx.update(users).set({ totpLastStep: step }).where(eq(users.id, userId));
    return true;
  }
  const [used] = await tx
    .update(totpRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(totpRecoveryCodes.hash, hashRecoveryCode(code)),
        eq(totpRecoveryCodes.userId, userId),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning();
  return used !== undefined;
}

/** Checks a sign-in's second factor (see secondFactorIn); concurrent checks of one code pass once. */
export const checkSecondFactor = (userId: string, code: string): Promise<boolean> =>
  db.transaction((tx) => secondFactorIn(tx, userId, code));

/** Turns two-factor sign-in off, with a code (TOTP or recovery) as proof. */
export async function disableTotp(userId: string, code: string) {
  return db.transaction(async (tx) => {
    if (!(await secondFactorIn(tx, userId, code))) {
      throw invalid("The code is not correct.", "code");
    }
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, userId));
    return { id: userId, enabled: false };
  });
}

/** Whether the user signs in with two factors, and whether they can (a password account). */
export async function twoFactorStatus(userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return {
    enabledAt: user?.totpEnabledAt?.toISOString() ?? null,
    available: Boolean(user?.passwordHash),
  };
}
