import { and, eq, exists, or, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { evidenceRecords, receipts, settlementParties } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";

/*
 * A settlement's receipt and evidence are seen by every organization that sees the settlement:
 * each party organization, through its row of settlement_parties (written with the settlement
 * from its partyOrganizationIds, the rule of lib/settlements/visibility.ts, which this folder
 * cannot import: settlements issue receipts). The receipt's own organization, the payer's, is
 * always one of them.
 */

const partyOf = ({ organizationId, environment }: TTenant, settlementId: AnyPgColumn) =>
  exists(
    db
      .select({ settlementId: settlementParties.settlementId })
      .from(settlementParties)
      .where(
        and(
          eq(settlementParties.settlementId, settlementId),
          eq(settlementParties.organizationId, organizationId),
          eq(settlementParties.environment, environment),
        ),
      ),
  );

/** Receipts the tenant sees: its own and those of every settlement it is party to. */
export const visibleReceipts = (tenant: TTenant): SQL =>
  and(
    eq(receipts.environment, tenant.environment),
    or(eq(receipts.organizationId, tenant.organizationId), partyOf(tenant, receipts.settlementId)),
  )!;

/** Evidence records the tenant sees: those of the settlements whose receipts it sees. */
export const visibleEvidence = (tenant: TTenant): SQL =>
  and(
    eq(evidenceRecords.environment, tenant.environment),
    or(
      eq(evidenceRecords.organizationId, tenant.organizationId),
      partyOf(tenant, evidenceRecords.settlementId),
    ),
  )!;

/**
 * The same rule in the raw SQL of the verification read, over a receipt aliased `r`, the
 * organization as `$org` and the environment as `$env` (placeholders the caller numbers).
 */
export const visibleReceiptSql = (org: string, env: string) => `r.environment = ${env}
  and (r.organization_id = ${org} or exists (select 1 from settlement_parties p
    where p.settlement_id = r.settlement_id and p.organization_id = ${org}
    and p.environment = ${env}))`;
