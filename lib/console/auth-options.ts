import { headers } from "next/headers";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { config } from "@/config";
import { endConsoleSession, startConsoleSession } from "@/lib/account/console-sessions";
import { checkSecondFactor } from "@/lib/account/two-factor";
import { TWO_FACTOR_REQUIRED } from "@/lib/account/two-factor-required";
import { authenticatePassword } from "@/lib/users/authenticate-password";
import { findOrCreateOAuthUser } from "@/lib/users/find-or-create-oauth-user";
import { ZSignInCredentials } from "@/lib/users/schemas";
import { configureAuthOrigin } from "./auth-origin";
import { authSecret } from "./auth-secret";
import { throttledSignIn } from "./sign-in-limits";

const credentials = CredentialsProvider({
  name: "Email and password",
  credentials: {
    email: { label: "Email", type: "email" },
    password: { label: "Password", type: "password" },
    code: { label: "Two-factor code", type: "text" },
  },
  async authorize(input, request) {
    const parsed = ZSignInCredentials.safeParse(input);
    if (!parsed.success) return null;
    let codeMissing = false;
    const user = await throttledSignIn({
      email: parsed.data.email,
      address: String(request.headers?.["x-forwarded-for"] ?? "unknown"),
      // A wrong second factor counts as a failed sign-in; a missing one only asks for it.
      verify: async () => {
        const found = await authenticatePassword(parsed.data);
        if (!found?.totpEnabledAt) return found;
        if (!parsed.data.code) {
          codeMissing = true;
          return found;
        }
        return (await checkSecondFactor(found.id, parsed.data.code)) ? found : undefined;
      },
    });
    if (codeMissing) throw new Error(TWO_FACTOR_REQUIRED);
    return user ? { id: user.id, email: user.email, name: user.name } : null;
  },
});

/** GitHub sign-in, offered only when both of its variables are set. */
function oauthProviders() {
  const { GITHUB_ID, GITHUB_SECRET } = config();
  if (!GITHUB_ID || !GITHUB_SECRET) return [];
  return [GitHubProvider({ clientId: GITHUB_ID, clientSecret: GITHUB_SECRET })];
}

export const oauthProviderIds = () => oauthProviders().map((provider) => provider.id);

async function oauthUserId(email: string | null | undefined, name: string | null | undefined) {
  if (!email) return { refused: "The provider did not share an email address." };
  return findOrCreateOAuthUser({ email, name: name ?? null });
}

export async function authOptions(): Promise<NextAuthOptions> {
  configureAuthOrigin();
  return {
    secret: await authSecret(),
    session: { strategy: "jwt", maxAge: 7 * 24 * 60 * 60 },
    providers: [credentials, ...oauthProviders()],
    pages: { signIn: "/sign-in", error: "/sign-in" },
    callbacks: {
      async signIn({ user, account }) {
        if (account?.type !== "oauth") return true;
        const result = await oauthUserId(user.email, user.name);
        return "refused" in result ? "/sign-in?error=OAuthAccountNotLinked" : true;
      },
      // A sign-in starts a session row, which the cookie names (see consoleMember).
      async jwt({ token, user, account }) {
        if (account?.type === "oauth") {
          const result = await oauthUserId(user.email, user.name);
          if ("userId" in result) token.sub = result.userId;
        }
        if (user && token.sub) {
          const request = await headers();
          token.sid = await startConsoleSession({
            userId: token.sub,
            userAgent: request.get("user-agent"),
            address: request.get("x-forwarded-for")?.trim() || null,
          });
        }
        return token;
      },
      session({ session, token }) {
        return {
          ...session,
          user: {
            ...session.user,
            id: token.sub ?? "",
            sessionId: typeof token.sid === "string" ? token.sid : "",
          },
        };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string") await endConsoleSession(token.sid);
      },
    },
  };
}
