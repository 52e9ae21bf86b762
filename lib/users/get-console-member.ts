import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { organizations, type TUser, users } from "@/db/schema";

export type TConsoleMember = {
  user: { id: string; email: string; name: string | null; emailVerifiedAt: Date | null };
  organization: { id: string; name: string; plan: "free" | "pro" | "enterprise" };
  role: TUser["role"];
};

/**
 * The user behind a console session, their organization and role; undefined once the user is
 * gone. Read on every request, so a role change or a removal takes effect at once.
 */
export async function getConsoleMember(userId: string): Promise<TConsoleMember | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      emailVerifiedAt: users.emailVerifiedAt,
      role: users.role,
      organizationId: organizations.id,
      organizationName: organizations.name,
      plan: organizations.plan,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return {
    user: {
      id: row.userId,
      email: row.email,
      name: row.name,
      emailVerifiedAt: row.emailVerifiedAt,
    },
    organization: { id: row.organizationId, name: row.organizationName, plan: row.plan },
    role: row.role,
  };
}
