import { randomBytes } from "node:crypto";
import { expect, inject } from "vitest";
import { eventually, randomClientAddress } from "./api";
import { mailBody, mailsTo } from "./smtp-sink";

/** The `name=value` pairs of a response's Set-Cookie headers. */
const cookiePairs = (response: Response) =>
  response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

export const consoleOrigin = () => inject("baseUrl");

/**
 * Signs up through the sign-up route, as the sign-up page does, from `address` (a random client
 * address by default, so tests do not share the per-address sign-up budget).
 */
export async function signUpAccount(
  account: { name: string; email: string; password: string; organizationName: string },
  origin = consoleOrigin(),
  address = randomClientAddress(),
) {
  return fetch(`${consoleOrigin()}/api/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, "x-forwarded-for": address },
    body: JSON.stringify(account),
  });
}

/**
 * One try of next-auth's credentials flow (CSRF token, then the callback): the Cookie header
 * that carries the session, or the error next-auth redirected with.
 */
export async function attemptSignIn({
  email,
  password,
  code,
  address = randomClientAddress(),
}: {
  email: string;
  password: string;
  /** The second factor, for an account with two-factor sign-in. */
  code?: string;
  address?: string;
}): Promise<{ session?: string; error?: string }> {
  const base = consoleOrigin();
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { "x-forwarded-for": address } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookiePairs(csrf).join("; "),
      "x-forwarded-for": address,
    },
    body: new URLSearchParams({
      csrfToken,
      email,
      password,
      json: "true",
      ...(code === undefined ? {} : { code }),
    }),
  });
  const session = cookiePairs(response).find((pair) => pair.includes("session-token="));
  // next-auth answers `json: "true"` with the URL it would redirect to, in a body or a header.
  const location =
    response.headers.get("location") ??
    ((await response.json().catch(() => ({}))) as { url?: string }).url;
  const error = location ? new URL(location, base).searchParams.get("error") : null;
  return { session, error: error ?? undefined };
}

/** next-auth's sign-out, as the console's Sign out button sends it, with a session's cookie. */
export async function signOutWith(cookie: string) {
  const base = consoleOrigin();
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: [cookie, ...cookiePairs(csrf)].join("; "),
    },
    body: new URLSearchParams({ csrfToken, json: "true" }),
  });
  expect(response.status).toBeLessThan(400);
}

/** The session's Cookie header, or undefined when the credentials are refused. */
export async function signIn(credentials: { email: string; password: string; address?: string }) {
  return (await attemptSignIn(credentials)).session;
}

/** A new account's sign-up fields; the email's mixed case checks that emails compare without case. */
export const newAccount = () => {
  const tag = randomBytes(5).toString("hex");
  return {
    name: "Ada",
    email: `Ada.${tag}@Example.test`,
    password: `long enough ${tag}`,
    organizationName: `Org ${tag}`,
  };
};

export type TMember = { cookie: string; organizationId: string };

/**
 * A new account, signed up and signed in: its session cookie and its organization. With
 * `verifiedEmail`, its email is verified as its owner would: with the link mailed at sign-up.
 */
export async function signedUpMember(options: { verifiedEmail?: boolean } = {}): Promise<TMember> {
  const account = newAccount();
  const created = await signUpAccount(account);
  expect(created.status).toBe(201);
  const body = (await created.json()) as { organization: { id: string } };
  if (options.verifiedEmail) await verifyByMailedLink(account.email.toLowerCase());
  const cookie = await signIn(account);
  expect(cookie).toBeDefined();
  return { cookie: cookie!, organizationId: body.organization.id };
}

export const verificationSubject = "Verify your email for the Agent Settlement Service";

/** The token of the newest verification link mailed to `email`, once the mail is there. */
export async function mailedVerificationToken(email: string, count = 1): Promise<string> {
  const mails = await eventually(async () => {
    const found = mailsTo(inject("mailFolder"), email, verificationSubject);
    expect(found).toHaveLength(count);
    return found;
  }, 10_000);
  const token = mailBody(mails.at(-1)!).match(/\/verify-email#(\S+)/)?.[1];
  expect(token).toBeDefined();
  return token!;
}

/** Opens the verification link mailed to `email` at sign-up, as the verification page does. */
export async function verifyByMailedLink(email: string) {
  const response = await fetch(`${consoleOrigin()}/api/email-verification`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: consoleOrigin(),
      "x-forwarded-for": randomClientAddress(),
    },
    body: JSON.stringify({ token: await mailedVerificationToken(email) }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}
