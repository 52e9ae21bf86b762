import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { emailVerifications, invitations, users } from "@/db/schema";
import { call, randomClientAddress } from "../support/api";
import { consoleCall, removeMembers } from "../support/console-calls";
import {
  consoleOrigin,
  mailedVerificationToken,
  newAccount,
  signIn,
  signUpAccount,
  type TMember,
  verificationSubject,
} from "../support/console-session";
import { expectError } from "../support/expect-error";
import { mailBody, mailsTo } from "../support/smtp-sink";

const pagePost = (path: string, body: unknown, origin = consoleOrigin()) =>
  call("POST", path, { body, headers: { origin, "x-forwarded-for": randomClientAddress() } });
const verify = (token: string) => pagePost("/api/email-verification", { token });

/** A signed-up account (its link mailed), signed in. */
async function signedUp() {
  const account = newAccount();
  const created = await signUpAccount(account);
  expect(created.status).toBe(201);
  const { organization } = (await created.json()) as { organization: { id: string } };
  const member: TMember = { cookie: (await signIn(account))!, organizationId: organization.id };
  return { account, email: account.email.toLowerCase(), member };
}

const userOf = async (email: string) =>
  (await db.select().from(users).where(eq(users.email, email)))[0]!;
const invite = (member: TMember) =>
  consoleCall(member, "POST", "/api/console/team/invitations", {
    email: newAccount().email,
    role: "viewer",
  });

let first: Awaited<ReturnType<typeof signedUp>>;
let second: Awaited<ReturnType<typeof signedUp>>;
beforeAll(async () => {
  [first, second] = await Promise.all([signedUp(), signedUp()]);
});
afterAll(() => removeMembers([first?.member, second?.member]));

describe("email verification", () => {
  test("sign-up mails a link; until it is opened the account invites nobody; the link verifies once and is audited", async () => {
    const token = await mailedVerificationToken(first.email);
    const [mail] = mailsTo(inject("mailFolder"), first.email, verificationSubject);
    expect(mailBody(mail!)).toContain(`${consoleOrigin()}/verify-email#${token}`);
    expect((await userOf(first.email)).emailVerifiedAt).toBeNull();
    // Only the token's hash is stored.
    const [stored] = await db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.email, first.email));
    expect(stored!.hash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const refused = await invite(first.member);
    expectError(refused, 403, "forbidden");
    expect(refused.body.error.message).toContain("Verify your email");
    expect(
      await db
        .select()
        .from(invitations)
        .where(eq(invitations.organizationId, first.member.organizationId)),
    ).toEqual([]);

    const verified = await verify(token);
    expect(verified).toMatchObject({
      status: 200,
      body: { message: `${first.email} is verified.` },
    });
    expect((await userOf(first.email)).emailVerifiedAt).toBeInstanceOf(Date);
    expectError(await verify(token), 400, "invalid_request", "token");
    const audit = await consoleCall(first.member, "GET", "/api/console/team/audit?action=account");
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({ action: "account.email_verified", environment: null }),
    );

    const invited = await invite(first.member);
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    // Nothing left to verify: no new link is mailed.
    const again = await consoleCall(
      first.member,
      "POST",
      "/api/console/account/email-verification",
      {},
    );
    expect(again).toMatchObject({ status: 200, body: { mail: "verified" } });
    expect(mailsTo(inject("mailFolder"), first.email, verificationSubject)).toHaveLength(1);
  });

  test("three links an hour; only the newest unexpired link counts, and opening one uses up the others", async () => {
    const ask = () =>
      consoleCall(second.member, "POST", "/api/console/account/email-verification", {});
    const oldest = await mailedVerificationToken(second.email, 1);
    expect(await ask()).toMatchObject({ status: 200, body: { mail: "sent" } });
    const middle = await mailedVerificationToken(second.email, 2);
    expect(await ask()).toMatchObject({ status: 200, body: { mail: "sent" } });
    const newest = await mailedVerificationToken(second.email, 3);
    const limited = await ask();
    expectError(limited, 429, "rate_limited");
    expect(mailsTo(inject("mailFolder"), second.email, verificationSubject)).toHaveLength(3);

    // An expired link verifies nothing.
    await db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, (await userOf(second.email)).id));
    expectError(await verify(middle), 400, "invalid_request", "token");
    await db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(emailVerifications.userId, (await userOf(second.email)).id));
    expect((await verify(newest)).status).toBe(200);
    expectError(await verify(oldest), 400, "invalid_request", "token");
    expect((await userOf(second.email)).emailVerifiedAt).toBeInstanceOf(Date);
  });

  test("bad input and other origins are refused and change nothing", async () => {
    // This file's accounts (other files sign up meanwhile): their links and verification.
    const state = async () => ({
      links: await db
        .select()
        .from(emailVerifications)
        .where(inArray(emailVerifications.email, [first.email, second.email]))
        .orderBy(emailVerifications.hash),
      users: await db
        .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(inArray(users.email, [first.email, second.email]))
        .orderBy(users.email),
    });
    const before = await state();
    expectError(await pagePost("/api/email-verification", {}), 400, "invalid_request", "token");
    expectError(
      await pagePost("/api/email-verification", { token: "x".repeat(201) }),
      400,
      "invalid_request",
      "token",
    );
    expectError(
      await pagePost("/api/email-verification", { token: "unknown", extra: 1 }),
      400,
      "invalid_request",
    );
    expectError(await verify("not-a-mailed-token"), 400, "invalid_request", "token");
    const foreign = await pagePost(
      "/api/email-verification",
      { token: "whatever" },
      "https://evil.example",
    );
    expect(foreign.status).toBe(403);
    const signedOut = await call("POST", "/api/console/account/email-verification", {
      headers: { origin: consoleOrigin() },
      body: {},
    });
    expect(signedOut.status).toBe(401);
    expect(await state()).toEqual(before);
  });
});
