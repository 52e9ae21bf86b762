import { connection } from "next/server";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { activeConsoleSession } from "@/lib/account/console-sessions";
import { getConsoleAccount, memberIn, type TConsoleMember } from "@/lib/users/get-console-member";
import { authOptions } from "./auth-options";

export type TSignedInMember = TConsoleMember & { sessionId: string };

/**
 * The signed-in member of this request, or undefined; looked up once per request. The cookie
 * names a session row: one signed out (alone, from the Account page, everywhere, or by a
 * password reset) has ended. The row also says which of the member's organizations the
 * console works in.
 */
export const consoleMember = cache(async (): Promise<TSignedInMember | undefined> => {
  // Per request, never at build time: the session lives in the request's cookie.
  await connection();
  const session = await getServerSession(await authOptions());
  const user = session?.user as { id?: string; sessionId?: string } | undefined;
  if (!user?.id || !user.sessionId) return undefined;
  const [active, account] = await Promise.all([
    activeConsoleSession(user.id, user.sessionId),
    getConsoleAccount(user.id),
  ]);
  if (!active || !account) return undefined;
  return { ...memberIn(account, active.organizationId), sessionId: user.sessionId };
});
