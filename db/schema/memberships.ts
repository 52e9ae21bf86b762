import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { lifecycleDates, memberRoleEnum } from "./_columns";
import { organizations } from "./organizations";
import { users } from "./users";

/**
 * An account's place in an organization, with its role there. An account belongs to every
 * organization it has a membership of (its own from sign-up, those it joined by invitation,
 * those it created); the console works in one at a time (`console_sessions.organizationId`).
 */
export const memberships = pgTable(
  "memberships",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    role: memberRoleEnum().notNull(),
    /** When the account joined the organization. */
    ...lifecycleDates,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index("idx_memberships_on_organization_id").on(t.organizationId, t.role),
  ],
);

export type TMembershipRow = typeof memberships.$inferSelect;
