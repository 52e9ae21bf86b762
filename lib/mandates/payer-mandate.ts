import { eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { agents, type TAgentRow } from "@/db/schema";

/** The mandate an agent row holds, or null when it has none. */
export function mandateOfAgent(
  row: Pick<TAgentRow, "mandate" | "mandateHash" | "mandateVersion" | "mandateSignature">,
) {
  if (!row.mandate || !row.mandateHash) return null;
  return {
    terms: row.mandate,
    hash: row.mandateHash,
    version: row.mandateVersion,
    signature: row.mandateSignature,
  };
}

/**
 * The paying agent's mandate columns. `forShare` holds the agent row until the transaction ends,
 * so the mandate cannot change between the check and the reservation made under it.
 */
export async function payerMandate(
  executor: TExecutor,
  agentId: string,
  { forShare = false }: { forShare?: boolean } = {},
) {
  const query = executor
    .select({
      mandate: agents.mandate,
      mandateHash: agents.mandateHash,
      mandateVersion: agents.mandateVersion,
      mandateSignature: agents.mandateSignature,
    })
    .from(agents)
    .where(eq(agents.id, agentId));
  const [row] = forShare ? await query.for("share") : await query;
  return row ? mandateOfAgent(row) : null;
}
