import { asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { memberships, users } from "@/db/schema";
import { memberColumns } from "./get-member";
import { presentMember } from "./present-member";

/** Every member of the organization, in the order they joined (the founder on top). */
export async function listMembers({ organizationId }: { organizationId: string }) {
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(memberships.createdAt), asc(users.id));
  return rows.map(presentMember);
}
