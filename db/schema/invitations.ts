import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { lifecycleDates, memberRoleEnum, timestampMs } from "./_columns";
import { organizations } from "./organizations";
import { users } from "./users";

/** An invitation to join an organization, addressed to one email; the link works once. */
export const invitations = pgTable(
  "invitations",
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text().notNull(),
    role: memberRoleEnum().notNull(),
    /** SHA-256 of the link's token, hex. The token itself is never stored. */
    tokenHash: text().notNull(),
    invitedById: text().references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestampMs().notNull(),
    acceptedAt: timestampMs(),
    acceptedById: text().references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestampMs(),
    ...lifecycleDates,
  },
  (t) => [
    uniqueIndex("idx_invitations_on_token_hash").on(t.tokenHash),
    index("idx_invitations_on_organization_id").on(t.organizationId, t.createdAt),
  ],
);

export type TInvitationRow = typeof invitations.$inferSelect;
