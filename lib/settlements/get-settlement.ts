import { and, eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { settlements } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { ApiError, notFound } from "@/lib/http/api-error";
import { visibleSettlements } from "./visibility";

/** A settlement the tenant is party to; anyone else gets 404. */
export async function getSettlementOrThrow(
  {
    tenant,
    settlementId,
    forUpdate = false,
  }: { tenant: TTenant; settlementId: string; forUpdate?: boolean },
  executor: TExecutor = db,
) {
  const query = executor
    .select()
    .from(settlements)
    .where(and(eq(settlements.id, settlementId), visibleSettlements(tenant)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("settlement", settlementId);
  return row;
}

/** Executing and reversing move the payer's money: only the payer's organization may. */
export function requirePayerOrganization(
  row: { organizationId: string },
  tenant: TTenant,
  action: string,
) {
  if (row.organizationId === tenant.organizationId) return;
  throw new ApiError({
    code: "forbidden",
    message: `Only the paying organization can ${action} this settlement.`,
  });
}
