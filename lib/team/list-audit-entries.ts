import { eq, ilike, isNull, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { auditEntries } from "@/db/schema";
import { createdRange } from "@/lib/http/created-range";
import { containing, startsWith } from "@/lib/http/like-pattern";
import { keyset, toPage } from "@/lib/http/pagination";
import { presentAuditEntry } from "./present-audit-entry";
import type { ZAuditFilters, ZAuditQuery } from "./schemas";

/**
 * The conditions of the filters: an action and its sub-actions (`keys` finds `keys.create`,
 * `keys.roll` …), an actor whose email contains the text (ignoring case), one target, the
 * environment (`organization` for team changes, which have none), a creation range.
 */
export function auditConditions(
  organizationId: string,
  filters: z.output<typeof ZAuditFilters>,
): (SQL | undefined)[] {
  const { action, actor, targetId, environment } = filters;
  return [
    eq(auditEntries.organizationId, organizationId),
    action ? startsWith(auditEntries.action, action) : undefined,
    actor ? ilike(auditEntries.actorEmail, containing(actor)) : undefined,
    targetId ? eq(auditEntries.targetId, targetId) : undefined,
    environment === "organization"
      ? isNull(auditEntries.environment)
      : environment
        ? eq(auditEntries.environment, environment)
        : undefined,
    ...createdRange(auditEntries.createdAt, filters),
  ];
}

/** One page of the organization's audit log, newest first. */
export async function listAuditEntries({
  organizationId,
  query,
}: {
  organizationId: string;
  query: z.output<typeof ZAuditQuery>;
}) {
  const { cursor, limit, ...filters } = query;
  const page = keyset(auditEntries, cursor, auditConditions(organizationId, filters));
  const rows = await db
    .select()
    .from(auditEntries)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(limit + 1);
  return toPage(rows, limit, presentAuditEntry);
}
