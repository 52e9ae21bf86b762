import type postgres from "postgres";
import { rawSql } from "@/db/client";
import type { TJwk, TTreeHeadKeyWindow } from "@/lib/attest";
import { treeHeadKeyHistory } from "./tree-head-key-history";

/**
 * Every tree-head public key, active and retired, as JWKs for /.well-known/jwks.json (beside the
 * RS256 token keys), each with its `windows`: the logs and tree sizes it signed or may sign.
 * Retired keys are never dropped: receipts sealed under them must stay verifiable, and their
 * closed windows refuse whatever they sign later. `sql`: a connection the caller holds, such as
 * a verification's.
 */
export async function treeHeadPublicJwks(sql: postgres.Sql = rawSql()): Promise<TJwk[]> {
  const [rows, history] = await Promise.all([
    sql<{ publicJwk: TJwk }[]>`
      select public_jwk as "publicJwk" from tree_head_keys order by created_at`,
    treeHeadKeyHistory(sql),
  ]);
  const windows = new Map<string, TTreeHeadKeyWindow[]>();
  for (const log of history) {
    for (const { keyId, ...window } of log.windows) {
      windows.set(keyId, [...(windows.get(keyId) ?? []), window]);
    }
  }
  return rows.map(({ publicJwk }) => ({
    ...publicJwk,
    windows: windows.get(publicJwk.kid ?? "") ?? [],
  }));
}
