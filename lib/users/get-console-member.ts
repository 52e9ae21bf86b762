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

/** The account behind a console session: the user and every organization it belongs to. */
export type TConsoleAccount = Pick<TConsoleMember, "user" | "organizations">;

/**
 * The account of `userId` with its organizations, the oldest membership first; undefined once
 * the user is gone or belongs nowhere. Read on every request, so a role change or a removal
 * takes effect at once.
 */
export async function getConsoleAccount(userId: string): Promise<TConsoleAccount | undefined> {
  const rows = await db
    .select({
      email: users.email,
      name: users.name,
      emailVerifiedAt: users.emailVerifiedAt,
      role: memberships.role,
      id: organizations.id,
      organizationName: organizations.name,
      plan: organizations.plan,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(users.id, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.organizationId));
  const [first] = rows;
  if (!first) return undefined;
  return {
    user: {
      id: userId,
      email: first.email,
      name: first.name,
      emailVerifiedAt: first.emailVerifiedAt,
    },
    organizations: rows.map((row) => ({
      id: row.id,
      name: row.organizationName,
      plan: row.plan,
      role: row.role,
    })),
  };
}

/**
 * The account working in `organizationId` (the session's choice) or, when that is not one of
 * its organizations any more, in its oldest one.
 */
export function memberIn(account: TConsoleAccount, organizationId: string | null): TConsoleMember {
  const current =
    account.organizations.find(({ id }) => id === organizationId) ?? account.organizations[0]!;
  const { role, ...organization } = current;
  return { ...account, organization, role };
}
