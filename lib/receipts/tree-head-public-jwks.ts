import type postgres from "postgres";
import { rawSql } from "@/db/client";
import type { TJwk } from "@/lib/attest";

/**
 * Every tree-head public key, active and retired, as JWKs for /.well-known/jwks.json (beside the
 * RS256 token keys). Retired keys are never dropped: receipts sealed under them must stay
 * verifiable. `sql`: a connection the caller holds, such as a verification's.
 */
export async function treeHeadPublicJwks(sql: postgres.Sql = rawSql()): Promise<TJwk[]> {
  const rows = await sql<{ publicJwk: TJwk }[]>`
    select public_jwk as "publicJwk" from tree_head_keys order by created_at`;
  return rows.map((row) => row.publicJwk);
}
