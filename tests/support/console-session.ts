import { inject } from "vitest";

/** The `name=value` pairs of a response's Set-Cookie headers. */
const cookiePairs = (response: Response) =>
  response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

export const consoleOrigin = () => inject("baseUrl");

/** Signs up through the sign-up route, as the sign-up page does. */
export async function signUpAccount(
  account: { name: string; email: string; password: string; organizationName: string },
  origin = consoleOrigin(),
) {
  return fetch(`${consoleOrigin()}/api/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(account),
  });
}

/**
 * Signs in with next-auth's credentials flow (CSRF token, then the callback) and returns the
 * Cookie header that carries the session, or undefined when the credentials are refused.
 */
export async function signIn({ email, password }: { email: string; password: string }) {
  const base = consoleOrigin();
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookiePairs(csrf).join("; "),
    },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = cookiePairs(response).find((pair) => pair.includes("session-token="));
  return session;
}
