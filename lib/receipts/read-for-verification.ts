import type postgres from "postgres";
import { isoTimeSql } from "@/db/iso-time-sql";
import type { TReceiptRow } from "@/db/schema";
import type { TEvidenceRecord, TStoredNode, TTreeHead } from "@/lib/attest";
import type { TTenant } from "@/lib/auth/tenant";
import { logIdOf } from "./attest-log";
import { visibleReceiptSql } from "./visibility";

export type TVerificationRead = {
  /** Whether this session holds the receipt's verification lock now (see releaseVerificationLock). */
  locked: boolean;
  row: TReceiptRow;
  treeHead: TTreeHead | null;
  evidence: TEvidenceRecord[];
  /** The log nodes the receipt's inclusion proof under `treeHead` folds (see inclusionNodeKeys). */
  nodes: TStoredNode[];
};

/** Every column of ReceiptRow, named as drizzle names it (a test compares the two rows). */
const receiptFields = `r.id, r.format_version as "formatVersion",
  r.organization_id as "organizationId", r.environment,
  r.settlement_id as "settlementId", r.negotiation_id as "negotiationId",
  r.amount_value as "amountValue", r.currency, r.parties, r.adapter,
  r.external_ref as "externalRef", r.policy_snapshot as "policySnapshot",
  r.evidence_chain as "evidenceChain", r.evidence_chain_head as "evidenceChainHead",
  r.canonical, r.attest_hash as "attestHash", r.status, r.log_index as "logIndex",
  r.deterministic, ${isoTimeSql("r.verified_at")} as "verifiedAt",
  ${isoTimeSql("r.first_verification_request_at")} as "firstVerificationRequestAt",
  ${isoTimeSql("r.created_at")} as "createdAt"`;

/** evidenceRecordOf, rendered by PostgreSQL. */
const evidenceJson = `json_build_object('id', e.id, 'type', e.type, 'payload', e.payload,
  'previousHash', e.previous_hash, 'hash', e.hash, 'createdAt', ${isoTimeSql("e.created_at")})`;

/**
 * The stored nodes the inclusion proof of leaf `leaf` in a tree of `size` leaves folds, as SQL
 * over two bigint expressions: the complete sibling of each of the leaf's ancestors below the
 * root, and the log's right-edge peaks (complete subtrees at the set bits of `size`) right of
 * the leaf, which make up the one incomplete sibling. The same set as
 * `inclusionProofRanges` → `rangeNodeKeys` in lib/attest/merkle-log.ts, compared over every
 * leaf of every size up to 300 in tests/api/receipt-verification-read.test.ts.
 */
export const inclusionNodeKeys = (leaf: string, size: string) => `
  select l::smallint as level, (${leaf} >> l) # 1 as idx
  from generate_series(0, 62) l
  where (1::bigint << l) < ${size} and (((${leaf} >> l) # 1) + 1) << l <= ${size}
  union
  select j::smallint, (${size} >> j) - 1
  from generate_series(0, 62) j
  where (${size} >> j) & 1 = 1 and ((${size} >> j) - 1) << j > ${leaf}`;

/**
 * Each key's node by its primary key: a subquery per key, which PostgreSQL cannot turn into a
 * join, since a join would rather scan every node of the log. A missing node reads as null.
 */
const nodesJson = `(select coalesce(json_agg(json_build_array(k.level, k.idx,
    (select encode(n.hash, 'hex') from attest_log_nodes n
      where n.log_id = head.log_id and n.level = k.level and n.idx = k.idx))), '[]')
  from (${inclusionNodeKeys("r.log_index", "head.tree_size")}) k)`;

type TRawRead = Omit<TReceiptRow, "verifiedAt" | "firstVerificationRequestAt" | "createdAt"> & {
  verifiedAt: string | null;
  firstVerificationRequestAt: string | null;
  createdAt: string;
  locked: boolean;
  treeHead: TTreeHead | null;
  evidence: TEvidenceRecord[];
  nodes: [number, number, string | null][];
};

const lockKey = (receiptIdSql: string) =>
  `hashtextextended('receipt-verify:' || ${receiptIdSql}, 0)`;

const readText = (lookupColumn: "id" | "settlement_id") => `
  with r as materialized (select * from receipts where ${lookupColumn} = $1)
  select v.locked, v.id, v.status, v."treeHead"->>'keyId' as "keyId",
    v."treeHead"->>'origin' as origin, (v."treeHead"->>'treeSize')::float8 as "treeSize",
    v."firstVerificationRequestAt" is null as "neverRequested",
    row_to_json(v)::text as json from (select
    pg_try_advisory_lock(${lockKey("r.id")}) as locked,
    ${receiptFields},
    case when head.log_id is not null then json_build_object('origin', head.origin,
      'treeSize', head.tree_size, 'rootHash', head.root_hash, 'signature', head.signature,
      'keyId', head.key_id) end as "treeHead",
    (select coalesce(json_agg(${evidenceJson} order by e.position), '[]')
      from evidence_records e where e.settlement_id = r.settlement_id) as evidence,
    ${nodesJson} as nodes
  from r
  left join attest_log_heads head on head.log_id = $2
  where ${visibleReceiptSql("$3", "$4")}) v`;

const readById = readText("id");
const readBySettlement = readText("settlement_id");

/**
 * The read as it arrives: what the request itself acts on (the lock, the receipt's id and stored
 * status, the key that signed the log's tree head), and all of it as one JSON text for the checks
 * (verificationReadOf).
 */
export type TVerificationReadRow = Pick<TReceiptRow, "id" | "status"> & {
  locked: boolean;
  /** No verification was requested through the API before this one. */
  neverRequested: boolean;
  keyId: string | null;
  /** The tree head's log and size, null with `keyId`. */
  origin: string | null;
  treeSize: number | null;
  json: string;
};

/**
 * Everything a verification reads, in one statement and one snapshot: the receipt (by id or
 * settlement, among those the tenant sees), its verification lock, its evidence chain, the log's signed
 * tree head and the nodes of its inclusion proof. No row when the tenant has no such receipt.
 * The rest comes as one JSON text: one JSON.parse costs less than postgres.js parsing two
 * dozen columns one by one. The statement's text is fixed, so postgres.js sends it without rebuilding it.
 *
 * Each table is reached by its key alone (the receipt by id or settlement, the evidence and the
 * settlement's party organizations by the receipt's settlement), so the plan does not hang on statistics:
 * before ANALYZE has seen a new table, the tenant's columns made PostgreSQL scan the
 * organization's indexes, every receipt and evidence record it has, on each verification.
 *
 * The lock, `receipt-verify:<receipt id>`, is taken only for a row the tenant may see, and it is
 * held by the session: whoever gets `locked: true` must release it on the same connection
 * (releaseVerificationLock).
 */
export const readForVerification = (
  sql: postgres.Sql,
  {
    tenant,
    receiptId,
    settlementId,
  }: { tenant: TTenant; receiptId?: string; settlementId?: string },
) =>
  sql.unsafe<TVerificationReadRow[]>(receiptId !== undefined ? readById : readBySettlement, [
    receiptId ?? settlementId ?? "",
    logIdOf(tenant.environment),
    tenant.organizationId,
    tenant.environment,
  ]);

/** Releases the verification lock readForVerification took, on the connection that took it. */
export const releaseVerificationLock = (sql: postgres.Sql, receiptId: string) =>
  sql.unsafe(`select pg_advisory_unlock(${lockKey("$1")})`, [receiptId]);

/** The read's row as the attest engine takes it. */
export function verificationReadOf({ json }: { json: string }): TVerificationRead {
  const raw = JSON.parse(json) as TRawRead;
  const {
    locked,
    treeHead,
    evidence,
    nodes,
    verifiedAt,
    firstVerificationRequestAt,
    createdAt,
    ...columns
  } = raw;
  return {
    locked,
    row: {
      ...columns,
      verifiedAt: verifiedAt === null ? null : new Date(verifiedAt),
      firstVerificationRequestAt:
        firstVerificationRequestAt === null ? null : new Date(firstVerificationRequestAt),
      createdAt: new Date(createdAt),
    },
    treeHead,
    evidence,
    nodes: nodes.flatMap(([level, index, hash]) =>
      hash === null ? [] : [{ level, index, hash: Buffer.from(hash, "hex") }],
    ),
  };
}
