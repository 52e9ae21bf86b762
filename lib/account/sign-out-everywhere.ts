import { eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { users } from "@/db/schema";

/** Ends every console session of the user, this one included (see consoleMember). */
export async function signOutEverywhere(userId: string) {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
  return { id: userId, signedOut: true };
}
