import { and, eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { users } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";

/** A member of the organization, locked for the caller's transaction; another's is 404. */
export async function getMemberForUpdateOrThrow(
  { organizationId, userId }: { organizationId: string; userId: string },
  tx: TExecutor = db,
) {
  const [member] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organizationId, organizationId)))
    .for("update");
  if (!member) throw notFound("member", userId);
  return member;
}
