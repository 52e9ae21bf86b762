import { eq, sql } from "drizzle-orm";
import { preparedQuery, type TExecutor } from "@/db/client";
import { settlements } from "@/db/schema";

const settlementById = () =>
  preparedQuery("settlement_by_id", (database) =>
    database
      .select()
      .from(settlements)
      .where(eq(settlements.id, sql.placeholder("settlementId")))
      .prepare("settlement_by_id"),
  );

/**
 * The settlement a background job works on (jobs act for the system, not for a tenant): a
 * prepared read outside a transaction; inside one (`executor`), optionally locking the row.
 */
export async function loadSettlement(
  settlementId: string,
  { executor, forUpdate = false }: { executor?: TExecutor; forUpdate?: boolean } = {},
) {
  if (!executor) return (await settlementById().execute({ settlementId }))[0];
  const query = executor.select().from(settlements).where(eq(settlements.id, settlementId));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
