import { connection } from "next/server";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { getConsoleMember, type TConsoleMember } from "@/lib/users/get-console-member";
import { authOptions } from "./auth-options";

/** The signed-in member of this request, or undefined; looked up once per request. */
export const consoleMember = cache(async (): Promise<TConsoleMember | undefined> => {
  // Per request, never at build time: the session lives in the request's cookie.
  await connection();
  const session = await getServerSession(await authOptions());
  const userId = session?.user?.id;
  return userId ? getConsoleMember(userId) : undefined;
});
