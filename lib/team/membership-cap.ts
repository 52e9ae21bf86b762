import { count, eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { conflict } from "@/lib/http/api-error";

/** The organizations one account may belong to: enough for any person, and a bound on abuse. */
export const MAX_ORGANIZATIONS_PER_ACCOUNT = 25;

/**
 * Refuses a new membership for an account already in as many organizations as it may be (409).
 * Locks the account's row first, so that memberships added at once are counted one by one.
 */
export async function keepRoomForMembership(tx: TExecutor, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [held] = await tx
    .select({ count: count() })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  if ((held?.count ?? 0) >= MAX_ORGANIZATIONS_PER_ACCOUNT) {
    throw conflict(
      `An account belongs to at most ${MAX_ORGANIZATIONS_PER_ACCOUNT} organizations; leave one first.`,
      "organization",
    );
  }
}
