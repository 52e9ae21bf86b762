import { index, pgTable, text } from "drizzle-orm/pg-core";
import { environmentEnum, memberRoleEnum, timestampMs } from "./_columns";
import { organizations } from "./organizations";

/**
 * Who changed what in the console, append-only. The actor is copied rather than referenced so
 * that an entry outlives the member's removal.
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The environment the change was made in; null for organization-wide changes (team). */
    environment: environmentEnum(),
    actorUserId: text().notNull(),
    actorEmail: text().notNull(),
    actorRole: memberRoleEnum().notNull(),
    action: text().notNull(),
    targetId: text(),
    requestId: text().notNull(),
    createdAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [index("idx_audit_entries_on_organization_id").on(t.organizationId, t.createdAt, t.id)],
);

export type TAuditEntryRow = typeof auditEntries.$inferSelect;
