import { eq } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { auditEntries } from "@/db/schema";
import { keyset, toPage } from "@/lib/http/pagination";
import { presentAuditEntry } from "./present-audit-entry";
import type { ZAuditQuery } from "./schemas";

/** One page of the organization's audit log, newest first. */
export async function listAuditEntries({
  organizationId,
  query,
}: {
  organizationId: string;
  query: z.output<typeof ZAuditQuery>;
}) {
  const page = keyset(auditEntries, query.cursor, [
    eq(auditEntries.organizationId, organizationId),
  ]);
  const rows = await db
    .select()
    .from(auditEntries)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, presentAuditEntry);
}
