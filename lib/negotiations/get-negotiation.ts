import { and, eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { negotiations } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { notFound } from "@/lib/http/api-error";
import { visibleNegotiations } from "./visibility";

/** A negotiation the tenant is party to; anyone else gets 404. */
export async function getNegotiationOrThrow(
  {
    tenant,
    negotiationId,
    forUpdate = false,
  }: { tenant: TTenant; negotiationId: string; forUpdate?: boolean },
  executor: TExecutor = db,
) {
  const query = executor
    .select()
    .from(negotiations)
    .where(and(eq(negotiations.id, negotiationId), visibleNegotiations(tenant)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("negotiation", negotiationId);
  return row;
}
