import { and, desc } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { auditEntries } from "@/db/schema";
import { csvField } from "@/lib/http/csv-field";
import { auditConditions } from "./list-audit-entries";
import type { ZAuditFilters } from "./schemas";

/** The most entries one export holds: the newest that match (narrow by dates for older ones). */
export const MAX_EXPORTED_AUDIT_ENTRIES = 10_000;

const header = [
  "time",
  "actor_email",
  "actor_role",
  "action",
  "target_id",
  "environment",
  "request_id",
  "id",
];

/** The organization's audit entries that match the filters, newest first, as CSV text. */
export async function auditCsv(
  organizationId: string,
  filters: z.output<typeof ZAuditFilters>,
): Promise<string> {
  const rows = await db
    .select()
    .from(auditEntries)
    .where(and(...auditConditions(organizationId, filters)))
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .limit(MAX_EXPORTED_AUDIT_ENTRIES);
  const lines = [header.join(",")];
  for (const row of rows) {
    lines.push(
      [
        row.createdAt.toISOString(),
        row.actorEmail,
        row.actorRole,
        row.action,
        row.targetId,
        row.environment ?? "organization",
        row.requestId,
        row.id,
      ]
        .map(csvField)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
