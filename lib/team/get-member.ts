import { and, eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";
import type { TMemberRole } from "./roles";

/** What a member is: the account, with its role in and date of joining the organization. */
export const memberColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: memberships.role,
  joinedAt: memberships.createdAt,
};

export type TMemberRow = {
  id: string;
  email: string;
  name: string | null;
  role: TMemberRole;
  joinedAt: Date;
};

/** A member of the organization, their membership locked for the caller's transaction; another's is 404. */
export async function getMemberForUpdateOrThrow(
  { organizationId, userId }: { organizationId: string; userId: string },
  tx: TExecutor = db,
): Promise<TMemberRow> {
  const [member] = await tx
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)))
    .for("update", { of: memberships });
  if (!member) throw notFound("member", userId);
  return member;
}
