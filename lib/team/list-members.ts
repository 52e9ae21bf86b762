import { asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { users } from "@/db/schema";
import { presentMember } from "./present-member";

/** Every member of the organization, oldest first (the founder on top). */
export async function listMembers({ organizationId }: { organizationId: string }) {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(presentMember);
}
