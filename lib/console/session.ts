import { connection } from "next/server";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { getConsoleMember, type TConsoleMember } from "@/lib/users/get-console-member";
import { authOptions } from "./auth-options";

/**
 * The signed-in member of this request, or undefined; looked up once per request. A session
 * that began under an older session version of its user (before a password reset or a sign-out
 * everywhere) has ended.
 */
export const consoleMember = cache(async (): Promise<TConsoleMember | undefined> => {
  // Per request, never at build time: the session lives in the request's cookie.
  await connection();
  const session = await getServerSession(await authOptions());
  const user = session?.user as { id?: string; sessionVersion?: number } | undefined;
  if (!user?.id) return undefined;
  const member = await getConsoleMember(user.id);
  return member && member.sessionVersion === (user.sessionVersion ?? 0) ? member : undefined;
});
