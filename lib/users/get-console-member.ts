import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { organizations, users } from "@/db/schema";

export type TConsoleMember = {
  user: { id: string; email: string; name: string | null };
  organization: { id: string; name: string; plan: "free" | "pro" | "enterprise" };
};

/** The user behind a console session and their organization; undefined once the user is gone. */
export async function getConsoleMember(userId: string): Promise<TConsoleMember | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      organizationId: organizations.id,
      organizationName: organizations.name,
      plan: organizations.plan,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return {
    user: { id: row.userId, email: row.email, name: row.name },
    organization: { id: row.organizationId, name: row.organizationName, plan: row.plan },
  };
}
