import { db } from "@/db/client";
import { endEveryConsoleSession } from "./console-sessions";

/** Ends every console session of the user, this one included (see consoleMember). */
export async function signOutEverywhere(userId: string) {
  await endEveryConsoleSession(db, userId);
  return { id: userId, signedOut: true };
}
