import { asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { memberships, organizations, type TMembershipRow, users } from "@/db/schema";

type TMemberRole = TMembershipRow["role"];

export type TConsoleOrganization = {
  id: string;
  name: string;
  plan: "free" | "pro" | "enterprise";
  role: TMemberRole;
};

export type TConsoleMember = {
  user: { id: string; email: string; name: string | null; emailVerifiedAt: Date | null };
  /** The organization the console works in now. */
  organization: Omit<TConsoleOrganization, "role">;
  /** The member's role in that organization. */
  role: TMemberRole;
  /** Every organization the account belongs to, the oldest membership first. */
  organizations: TConsoleOrganization[];
};

/**
 * The user behind a console session, working in `organizationId` (the session's choice) or,
 * when that is not one of theirs any more, in their oldest membership; undefined once the user
 * is gone or belongs nowhere. Read on every request, so a role change or a removal takes
 * effect at once.
 */
export async function getConsoleMember(
  userId: string,
  organizationId: string | null,
): Promise<TConsoleMember | undefined> {
  const rows = await db
    .select({
      email: users.email,
      name: users.name,
      emailVerifiedAt: users.emailVerifiedAt,
      role: memberships.role,
      organizationId: organizations.id,
      organizationName: organizations.name,
      plan: organizations.plan,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(users.id, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.organizationId));
  const current = rows.find((row) => row.organizationId === organizationId) ?? rows[0];
  if (!current) return undefined;
  return {
    user: {
      id: userId,
      email: current.email,
      name: current.name,
      emailVerifiedAt: current.emailVerifiedAt,
    },
    organization: {
      id: current.organizationId,
      name: current.organizationName,
      plan: current.plan,
    },
    role: current.role,
    organizations: rows.map((row) => ({
      id: row.organizationId,
      name: row.organizationName,
      plan: row.plan,
      role: row.role,
    })),
  };
}
