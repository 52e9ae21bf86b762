import { and, asc, eq, inArray } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { agents, ledgerAccounts, type TLedgerAccountRow } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { newId } from "@/lib/ids";

export const fundingOwner = "funding";

/**
 * Opens the wallets that do not exist yet and locks every named account, in id order so that
 * concurrent transfers over the same accounts queue instead of deadlocking.
 */
export async function lockAccounts(
  tx: TExecutor,
  {
    environment,
    currency,
    owners,
  }: { environment: TEnvironment; currency: string; owners: string[] },
): Promise<Map<string, TLedgerAccountRow>> {
  const agentOwners = owners.filter((owner) => owner !== fundingOwner);
  const organizations = agentOwners.length
    ? await tx
        .select({ id: agents.id, organizationId: agents.organizationId })
        .from(agents)
        .where(inArray(agents.id, agentOwners))
    : [];
  const organizationOf = new Map(organizations.map((row) => [row.id, row.organizationId]));
  await tx
    .insert(ledgerAccounts)
    .values(
      owners.map((owner) => ({
        id: newId("ledgerAccount"),
        environment,
        kind: owner === fundingOwner ? ("funding" as const) : ("wallet" as const),
        organizationId: organizationOf.get(owner) ?? null,
        owner,
        currency,
      })),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.environment, environment),
        eq(ledgerAccounts.currency, currency),
        inArray(ledgerAccounts.owner, owners),
      ),
    )
    .orderBy(asc(ledgerAccounts.id))
    .for("update");
  return new Map(rows.map((row) => [row.owner, row]));
}
