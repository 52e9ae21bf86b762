import { and, eq, isNull } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { consoleSessions, passwordResets, users } from "@/db/schema";
import { call, eventually, randomClientAddress } from "../support/api";
import { consoleCall, removeMembers } from "../support/console-calls";
import {
  attemptSignIn,
  consoleOrigin,
  newAccount,
  signedUpMember,
  signIn,
  signOutWith,
  signUpAccount,
  type TMember,
} from "../support/console-session";
import { expectError } from "../support/expect-error";
import { mailBody, mailsTo } from "../support/smtp-sink";

const pagePost = (path: string, body: unknown, origin = consoleOrigin()) =>
  call("POST", path, { body, headers: { origin, "x-forwarded-for": randomClientAddress() } });

const account = newAccount();
const email = account.email.toLowerCase();
let member: TMember;
beforeAll(async () => {
  const created = await signUpAccount(account);
  expect(created.status).toBe(201);
  const { organization } = (await created.json()) as { organization: { id: string } };
  member = { cookie: (await signIn(account))!, organizationId: organization.id };
});
afterAll(() => removeMembers([member]));

const resetSubject = "Reset your Agent Settlement Service password";

/** The reset link of the newest mail to the account, once the mail has arrived. */
async function mailedLink(count: number): Promise<URL> {
  const mails = await eventually(async () => {
    const found = mailsTo(inject("mailFolder"), email, resetSubject);
    expect(found).toHaveLength(count);
    return found;
  }, 10_000);
  const body = mailBody(mails.at(-1)!);
  const link = body.match(/(http\S+\/reset-password#\S+)/)?.[1];
  expect(link, body).toBeDefined();
  return new URL(link!);
}

describe("password reset by mail", () => {
  test("the same answer for any email; the account's owner gets a link over SMTP that works once and ends every session", async () => {
    const answer = {
      message: "If an account uses this email, a link to reset its password is on its way.",
    };
    const unknown = await pagePost("/api/password-reset", { email: "nobody@example.test" });
    expect(unknown).toMatchObject({ status: 200, body: answer });
    const asked = await pagePost("/api/password-reset", { email: account.email });
    expect(asked).toMatchObject({ status: 200, body: answer });

    const link = await mailedLink(1);
    const mail = mailsTo(inject("mailFolder"), email, resetSubject)[0]!;
    expect(mail).toMatch(/^Subject: Reset your Agent Settlement Service password$/m);
    expect(mail).toMatch(/^From: Agent Settlement Service <no-reply@localhost>$/m);
    expect(link.origin + link.pathname).toBe(`${consoleOrigin()}/reset-password`);
    const token = link.hash.slice(1);
    expect(token).toMatch(/^[0-9A-Za-z]{43}$/);
    // Only the token's hash is stored.
    const stored = await db.select().from(passwordResets);
    expect(JSON.stringify(stored)).not.toContain(token);

    const weak = await pagePost("/api/password-reset/confirm", { token, password: "short" });
    expectError(weak, 400, "invalid_request", "password");
    const foreign = await pagePost(
      "/api/password-reset/confirm",
      { token, password: "a brand new password" },
      "https://evil.example",
    );
    expectError(foreign, 403, "forbidden");

    const reset = await pagePost("/api/password-reset/confirm", {
      token,
      password: "a brand new password",
    });
    expect(reset).toMatchObject({
      status: 200,
      body: { message: "Your password is changed. Sign in with it." },
    });
    // The session that was open has ended; the old password no longer signs in, the new one does.
    const ended = await consoleCall(member, "GET", "/api/console/keys?environment=sandbox");
    expect(ended.status).toBe(401);
    expect(await signIn(account)).toBeUndefined();
    const cookie = await signIn({ email: account.email, password: "a brand new password" });
    expect(cookie).toBeDefined();
    member = { ...member, cookie: cookie! };
    const again = await pagePost("/api/password-reset/confirm", {
      token,
      password: "yet another password",
    });
    expect(expectError(again, 400, "invalid_request", "token").message).toBe(
      "This link is used, expired or unknown; ask for a new one.",
    );
    const audit = await consoleCall(member, "GET", "/api/console/team/audit");
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({
        action: "account.password_reset",
        actor: expect.objectContaining({ email }),
      }),
    );
  });

  test("an expired link is refused, and an account gets at most three links an hour", async () => {
    const before = mailsTo(inject("mailFolder"), email, resetSubject).length;
    await pagePost("/api/password-reset", { email: account.email });
    const link = await mailedLink(before + 1);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    await db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user!.id));
    const expired = await pagePost("/api/password-reset/confirm", {
      token: link.hash.slice(1),
      password: "too late for this one",
    });
    expectError(expired, 400, "invalid_request", "token");
    // Three links in this hour already (this test's and the last one's): a fourth is not sent.
    await pagePost("/api/password-reset", { email: account.email });
    await pagePost("/api/password-reset", { email: account.email });
    await mailedLink(before + 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(inject("mailFolder"), email, resetSubject)).toHaveLength(before + 2);
  });
});

describe("sign out everywhere", () => {
  test("ends every session of the account, on every device, and is audited", async () => {
    const password = "a brand new password";
    const second = await signIn({ email: account.email, password });
    const sessions = [member.cookie, second!];
    for (const cookie of sessions) {
      const open = await consoleCall({ ...member, cookie }, "GET", "/api/console/team/members");
      expect(open.status).toBe(200);
    }
    const ended = await consoleCall(member, "POST", "/api/console/account/sign-out-everywhere", {});
    expect(ended).toMatchObject({ status: 200, body: { signedOut: true } });
    for (const cookie of sessions) {
      const closed = await consoleCall({ ...member, cookie }, "GET", "/api/console/team/members");
      expect(closed.status).toBe(401);
    }
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const open = await db
      .select()
      .from(consoleSessions)
      .where(and(eq(consoleSessions.userId, user!.id), isNull(consoleSessions.endedAt)));
    expect(open).toEqual([]);
    member = { ...member, cookie: (await signIn({ email: account.email, password }))! };
    const audit = await consoleCall(member, "GET", "/api/console/team/audit");
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({
        action: "account.sign_out_everywhere",
        actor: expect.objectContaining({ email }),
      }),
    );
  });
});

describe("sessions", () => {
  test("each sign-in is listed with its address; one signed out from another ends, alone; its own sign-out ends it too", async () => {
    const password = "a brand new password";
    const address = randomClientAddress();
    const other = (await signIn({ email: account.email, password, address }))!;
    const listed = await consoleCall(member, "GET", "/api/console/account/sessions");
    expect(listed.status).toBe(200);
    const sessions = listed.body.data as { id: string; address: string; current: boolean }[];
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const theirs = sessions.find((session) => session.address === address);
    expect(theirs).toMatchObject({
      current: false,
      device: "Unknown browser",
      createdAt: expect.stringMatching(/Z$/),
      lastSeenAt: expect.stringMatching(/Z$/),
    });

    const ended = await consoleCall(
      member,
      "POST",
      `/api/console/account/sessions/${theirs!.id}/sign-out`,
      {},
    );
    expect(ended).toMatchObject({ status: 200, body: { id: theirs!.id, signedOut: true } });
    expect(
      (await consoleCall({ ...member, cookie: other }, "GET", "/api/console/team/members")).status,
    ).toBe(401);
    expect((await consoleCall(member, "GET", "/api/console/team/members")).status).toBe(200);
    // Once ended, or another user's, or unknown: 404, and nothing changes.
    expectError(
      await consoleCall(member, "POST", `/api/console/account/sessions/${theirs!.id}/sign-out`, {}),
      404,
      "not_found",
    );
    const stranger = await signedUpMember();
    const strangers = await consoleCall(stranger, "GET", "/api/console/account/sessions");
    const strangerSession = strangers.body.data[0].id as string;
    expectError(
      await consoleCall(
        member,
        "POST",
        `/api/console/account/sessions/${strangerSession}/sign-out`,
        {},
      ),
      404,
      "not_found",
    );
    expect((await consoleCall(stranger, "GET", "/api/console/team/members")).status).toBe(200);
    await removeMembers([stranger]);
    const audit = await consoleCall(
      member,
      "GET",
      "/api/console/team/audit?action=account.session",
    );
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({ action: "account.session.sign_out", targetId: theirs!.id }),
    );

    // next-auth's own sign-out ends the session it was sent with.
    const third = (await signIn({ email: account.email, password }))!;
    await signOutWith(third);
    expect(
      (await consoleCall({ ...member, cookie: third }, "GET", "/api/console/team/members")).status,
    ).toBe(401);
  });
});

describe("two-factor sign-in (TOTP)", () => {
  const password = "a brand new password";
  const totpAt = (secret: string, offsetSteps: number) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({
      timestamp: Date.now() + offsetSteps * 30_000,
    });

  test("set up with a first code; then a password alone is not enough, a code signs in once, a recovery code once", async () => {
    const started = await consoleCall(member, "POST", "/api/console/account/two-factor", {});
    expect(started.status).toBe(200);
    const { secret, uri } = started.body as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Agent%20Settlement%20Service:${encodeURIComponent(email)}?issuer=Agent%20Settlement%20Service&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    // Sealed at rest: the secret is not in the row.
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row!.totpSecret).not.toContain(secret);
    expect(row!.totpSecret).toMatch(/^v1\./);

    const wrong = await consoleCall(member, "POST", "/api/console/account/two-factor/confirm", {
      code: "000000",
    });
    expectError(wrong, 400, "invalid_request", "code");
    const confirmed = await consoleCall(member, "POST", "/api/console/account/two-factor/confirm", {
      code: totpAt(secret, 0),
    });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    expect(await attemptSignIn({ email: account.email, password })).toEqual({
      error: "TwoFactorRequired",
    });
    expect(
      await attemptSignIn({ email: account.email, password, code: totpAt(secret, 0) }),
    ).toEqual({ error: "CredentialsSignin" });
    const next = totpAt(secret, 1);
    const signedIn = await attemptSignIn({ email: account.email, password, code: next });
    expect(signedIn.session).toBeDefined();
    // The same code does not sign in twice.
    expect(await attemptSignIn({ email: account.email, password, code: next })).toEqual({
      error: "CredentialsSignin",
    });
    const recovered = await attemptSignIn({ email: account.email, password, code: codes[0]! });
    expect(recovered.session).toBeDefined();
    expect(await attemptSignIn({ email: account.email, password, code: codes[0]! })).toEqual({
      error: "CredentialsSignin",
    });
    member = { ...member, cookie: recovered.session! };

    const off = await consoleCall(member, "POST", "/api/console/account/two-factor/disable", {
      code: codes[1],
    });
    expect(off).toMatchObject({ status: 200, body: { enabled: false } });
    expect((await attemptSignIn({ email: account.email, password })).session).toBeDefined();
    const audit = await consoleCall(member, "GET", "/api/console/team/audit?action=account");
    const actions = audit.body.data.map((entry: { action: string }) => entry.action);
    for (const action of [
      "account.two_factor.setup",
      "account.two_factor.enable",
      "account.two_factor.disable",
    ]) {
      expect(actions).toContain(action);
    }
    expect(JSON.stringify(audit.body)).not.toContain(codes[2]);
  });
});
