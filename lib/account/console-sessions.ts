import { and, desc, eq, isNull, lt } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { consoleSessions } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";
import { newId } from "@/lib/ids";
import { userAgentLabel } from "./user-agent-label";

/** A session's last-seen time is written at most this often. */
const SESSION_SEEN_EVERY_MS = 5 * 60_000;

/** Records a sign-in; the session cookie carries the id it answers. */
export async function startConsoleSession({
  userId,
  userAgent,
  address,
}: {
  userId: string;
  userAgent: string | null;
  address: string | null;
}): Promise<string> {
  const id = newId("consoleSession");
  await db.insert(consoleSessions).values({
    id,
    userId,
    userAgent: userAgent?.slice(0, 300) ?? null,
    address,
  });
  return id;
}

/**
 * The user's session when it is still on (not signed out, alone or with every other), with the
 * organization it works in; notes that it was seen, at most every five minutes.
 */
export async function activeConsoleSession(
  userId: string,
  sessionId: string,
): Promise<{ organizationId: string | null } | undefined> {
  const [session] = await db
    .select({
      lastSeenAt: consoleSessions.lastSeenAt,
      organizationId: consoleSessions.organizationId,
    })
    .from(consoleSessions)
    .where(
      and(
        eq(consoleSessions.id, sessionId),
        eq(consoleSessions.userId, userId),
        isNull(consoleSessions.endedAt),
      ),
    );
  if (!session) return undefined;
  const now = Date.now();
  if (now - session.lastSeenAt.getTime() > SESSION_SEEN_EVERY_MS) {
    await db
      .update(consoleSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(
        and(
          eq(consoleSessions.id, sessionId),
          lt(consoleSessions.lastSeenAt, new Date(now - SESSION_SEEN_EVERY_MS)),
        ),
      );
  }
  return { organizationId: session.organizationId };
}

/** Makes the session work in another of the user's organizations (checked by the caller). */
export async function switchConsoleSession(
  executor: TExecutor,
  { sessionId, organizationId }: { sessionId: string; organizationId: string },
) {
  await executor
    .update(consoleSessions)
    .set({ organizationId })
    .where(eq(consoleSessions.id, sessionId));
}

/** Ends one session (its own sign-out). */
export async function endConsoleSession(sessionId: string) {
  await db
    .update(consoleSessions)
    .set({ endedAt: new Date() })
    .where(and(eq(consoleSessions.id, sessionId), isNull(consoleSessions.endedAt)));
}

/** Ends every session of the user (sign out everywhere, a password reset). */
export async function endEveryConsoleSession(executor: TExecutor, userId: string) {
  await executor
    .update(consoleSessions)
    .set({ endedAt: new Date() })
    .where(and(eq(consoleSessions.userId, userId), isNull(consoleSessions.endedAt)));
}

/** The user's sessions that are on, the most recently seen first; `current` is this one. */
export async function listConsoleSessions(userId: string, currentSessionId: string) {
  const rows = await db
    .select()
    .from(consoleSessions)
    .where(and(eq(consoleSessions.userId, userId), isNull(consoleSessions.endedAt)))
    .orderBy(desc(consoleSessions.lastSeenAt), desc(consoleSessions.createdAt))
    .limit(100);
  return {
    data: rows.map((row) => ({
      id: row.id,
      device: userAgentLabel(row.userAgent),
      userAgent: row.userAgent,
      address: row.address,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === currentSessionId,
    })),
  };
}

export type TConsoleSession = Awaited<ReturnType<typeof listConsoleSessions>>["data"][number];

/** Signs one of the user's sessions out, from any of them; 404 for one that is not theirs or on. */
export async function signOutConsoleSession({
  userId,
  sessionId,
}: {
  userId: string;
  sessionId: string;
}) {
  const [ended] = await db
    .update(consoleSessions)
    .set({ endedAt: new Date() })
    .where(
      and(
        eq(consoleSessions.id, sessionId),
        eq(consoleSessions.userId, userId),
        isNull(consoleSessions.endedAt),
      ),
    )
    .returning({ id: consoleSessions.id });
  if (!ended) throw notFound("session", sessionId);
  return { id: ended.id, signedOut: true };
}
