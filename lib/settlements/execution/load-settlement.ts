import { eq } from "drizzle-orm";
import { db, type Executor } from "@/db/client";
import { settlements } from "@/db/schema";

/** The settlement a background job works on (jobs act for the system, not for a tenant). */
export async function loadSettlement(
  settlementId: string,
  { executor = db, forUpdate = false }: { executor?: Executor; forUpdate?: boolean } = {},
) {
  const query = executor.select().from(settlements).where(eq(settlements.id, settlementId));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
