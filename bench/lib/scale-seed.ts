import { eq } from "drizzle-orm";
import postgres from "postgres";
import { db } from "@/db/client";
import { attestLogHeads, organizations } from "@/db/schema";
import { signTreeHead, toHashHex, treeRoot } from "@/lib/attest";
import { createOrganization } from "@/lib/orgs/create-organization";
import { activeTreeHeadKey } from "@/lib/receipts/active-tree-head-key";
import { advisoryXactLock, logIdOf, logOriginOf } from "@/lib/receipts/attest-log";
import { pgNodeStore } from "@/lib/receipts/pg-node-store";
import { issueTestReceipt, sealAll } from "@/tests/support/receipts";

/** Receipts issued and sealed through the real code, the ones the verify figures verify. */
export const VERIFIABLE_RECEIPTS = 100;
/** Filler receipts carry this adapter: they are in the log but do not verify. */
const FILLER_ADAPTER = "bench-filler";
const BATCH = 100_000;

const markerName = (rows: number) => `Bench scale: ${rows} rows`;

/** The organization of a completely seeded database of `rows` rows, if there is one. */
export async function seededOrganization(rows: number): Promise<string | undefined> {
  const [found] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, markerName(rows)));
  return found?.id;
}

/** `statement` once per batch of [from, to] over 1…rows, so no one transaction holds them all. */
async function inBatches(
  rows: number,
  statement: (from: number, to: number) => postgres.PendingQuery<postgres.Row[]>,
) {
  for (let from = 1; from <= rows; from += BATCH)
    await statement(from, Math.min(rows, from + BATCH - 1));
}

/**
 * Seeds one sandbox organization with `rows` agents, settlements, receipts and events in bulk
 * (INSERT … SELECT generate_series), the receipts' leaves and every complete subtree above them
 * in the attest log (SHA-256 in SQL, as lib/attest/merkle-log.ts would store them), and a tree
 * head signed by the real key. Then VERIFIABLE_RECEIPTS receipts go through the real issuing and
 * sealing code, appended to that log, and the organization is named as complete last, so an
 * interrupted seed is seen as incomplete. Returns the organization's id.
 */
export async function seedScale(url: string, rows: number): Promise<string> {
  const organization = await createOrganization({
    name: "Bench scale (seeding)",
    plan: "enterprise",
  });
  const org = organization.id;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const logId = logIdOf("sandbox");
  try {
    const ago = (column: string) =>
      sql.unsafe(`now() - (${rows} - ${column}) * interval '1 second'`);
    await inBatches(
      rows,
      (from, to) => sql`
      insert into agents (id, organization_id, environment, name, description, capabilities,
        endpoint_url, metadata, created_at, updated_at)
      select 'agent-scale' || i, ${org}, 'sandbox', 'Scale agent ' || i, 'An agent seeded in bulk.',
        array['translation', 'skill-' || (i % 5)], 'https://agents.example.com/' || i,
        jsonb_build_object('team', 'bench', 'index', i::text), ${ago("i")}, ${ago("i")}
      from generate_series(${from}::int, ${to}::int) i`,
    );
    await inBatches(
      rows,
      (from, to) => sql`
      insert into settlements (id, organization_id, environment, negotiation_id,
        party_organization_ids, payer_agent_id, adapter, status, amount_value, currency, parties,
        execution_started_at, executed_at, created_at, updated_at)
      select 'stl-scale' || i, ${org}, 'sandbox', 'neg-scale' || i, array[${org}],
        'agent-scale' || i, 'sandbox', case when i % 10 = 0 then 'pending' else 'executed' end,
        1000 + i % 500, 'USD',
        jsonb_build_array(
          jsonb_build_object('agentId', 'agent-scale' || i, 'role', 'initiator', 'amount', 1000 + i % 500),
          jsonb_build_object('agentId', 'agent-scale' || (i + 1), 'role', 'responder', 'amount', 1000 + i % 500)),
        case when i % 10 = 0 then null else ${ago("i")} end,
        case when i % 10 = 0 then null else ${ago("i")} + interval '50 milliseconds' end,
        ${ago("i")}, ${ago("i")}
      from generate_series(${from}::int, ${to}::int) i`,
    );
    await inBatches(
      rows,
      (from, to) => sql`
      insert into settlement_parties (organization_id, environment, created_at, settlement_id)
      select ${org}, 'sandbox', ${ago("i")}, 'stl-scale' || i
      from generate_series(${from}::int, ${to}::int) i`,
    );
    await inBatches(
      rows,
      (from, to) => sql`
      insert into receipts (id, organization_id, environment, settlement_id, negotiation_id,
        amount_value, currency, parties, adapter, external_ref, policy_snapshot, evidence_chain,
        evidence_chain_head, canonical, attest_hash, status, log_index, deterministic,
        verified_at, created_at)
      select 'rcp-scale' || i, ${org}, 'sandbox', 'stl-scale' || i, 'neg-scale' || i,
        1000 + i % 500, 'USD', '[]'::jsonb, ${FILLER_ADAPTER}, 'sbx_scale' || i, 'pol-standard@v1',
        '{}', '', '', '0x' || encode(sha256(('scale-' || i)::bytea), 'hex'), 'valid', i - 1, true,
        ${ago("i")}, ${ago("i")}
      from generate_series(${from}::int, ${to}::int) i`,
    );
    await inBatches(
      rows,
      (from, to) => sql`
      insert into receipt_parties (organization_id, environment, created_at, receipt_id)
      select ${org}, 'sandbox', ${ago("i")}, 'rcp-scale' || i
      from generate_series(${from}::int, ${to}::int) i`,
    );
    await inBatches(
      rows,
      (from, to) => sql`
      insert into events (id, organization_id, environment, type, data, sequence, created_at)
      select 'evt-scale' || i, ${org}, 'sandbox', 'agent.updated',
        jsonb_build_object('object', jsonb_build_object('id', 'agent-scale' || i, 'name', 'Scale agent ' || i)),
        1, ${ago("i")}
      from generate_series(${from}::int, ${to}::int) i`,
    );
    if (rows > 0) {
      // RFC 9162: leaf = SHA-256(0x00 ‖ entry), node = SHA-256(0x01 ‖ left ‖ right); a node is
      // stored once its subtree is complete, level by level up from the leaves.
      await sql`
        insert into attest_log_nodes (log_id, level, idx, hash)
        select ${logId}, 0, log_index, sha256('\\x00'::bytea || decode(substr(attest_hash, 3), 'hex'))
        from receipts where organization_id = ${org} and adapter = ${FILLER_ADAPTER}`;
      for (let level = 0; 2 ** (level + 1) <= rows; level++) {
        await sql`
          insert into attest_log_nodes (log_id, level, idx, hash)
          select ${logId}, ${level + 1}, idx / 2,
            sha256('\\x01'::bytea || string_agg(hash, ''::bytea order by idx))
          from attest_log_nodes where log_id = ${logId} and level = ${level}
          group by idx / 2 having count(*) = 2`;
      }
      await db.transaction(async (tx) => {
        await advisoryXactLock(tx, `attest-log:${logId}`);
        const root = await treeRoot({ store: pgNodeStore(tx, logId), size: rows });
        const key = await activeTreeHeadKey(tx);
        const treeHead = signTreeHead({
          origin: await logOriginOf(tx, "sandbox"),
          treeSize: rows,
          rootHash: toHashHex(root),
          keyId: key.kid,
          privateKey: key.privateKey,
        });
        await tx
          .insert(attestLogHeads)
          .values({ ...treeHead, logId, environment: "sandbox", signedAt: new Date() });
      });
    }
    const tenant = { organizationId: org, environment: "sandbox" as const };
    for (let i = 0; i < VERIFIABLE_RECEIPTS; i++) {
      await issueTestReceipt({ tenant, responders: (i % 3) + 1 });
    }
    await sealAll("sandbox");
    await sql`analyze`;
    await db
      .update(organizations)
      .set({ name: markerName(rows) })
      .where(eq(organizations.id, org));
    return org;
  } finally {
    await sql.end();
  }
}

/** The receipts of `organizationId` that went through the real issuing code. */
export async function verifiableReceiptIds(url: string, organizationId: string): Promise<string[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const found = await sql<{ id: string }[]>`
      select id from receipts
      where organization_id = ${organizationId} and adapter <> ${FILLER_ADAPTER} and status = 'valid'`;
    return found.map((row) => row.id);
  } finally {
    await sql.end();
  }
}
