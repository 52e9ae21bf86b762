import { and, count, eq, gt } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import type { emailVerifications, passwordResets } from "@/db/schema";

/** Links of one kind (a password reset, an email verification) an account may be mailed per hour. */
export const LINKS_PER_HOUR = 3;

/**
 * Whether the user may be mailed one more link of `links`' kind this hour. Called under the
 * user's row lock, so that requests at once cannot pass the count together.
 */
export async function mayMailLink(
  tx: TExecutor,
  links: typeof passwordResets | typeof emailVerifications,
  userId: string,
): Promise<boolean> {
  const [recent] = await tx
    .select({ count: count() })
    .from(links)
    .where(and(eq(links.userId, userId), gt(links.createdAt, new Date(Date.now() - 3_600_000))));
  return (recent?.count ?? 0) < LINKS_PER_HOUR;
}
