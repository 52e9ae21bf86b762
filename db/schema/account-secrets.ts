import { index, pgTable, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./_columns";
import { organizations } from "./organizations";
import { users } from "./users";

/**
 * Password reset links mailed to a user, by the SHA-256 of the token (the token itself is only
 * in the mail). Used once, within their lifetime; a reset uses up every other link too.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    hash: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestampMs().notNull(),
    usedAt: timestampMs(),
    createdAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [index("idx_password_resets_on_user_created").on(t.userId, t.createdAt)],
);

/**
 * Email verification links mailed to a user, by the SHA-256 of the token, for the address they
 * were sent to: a link verifies that address only while it is still the user's.
 */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    hash: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text().notNull(),
    expiresAt: timestampMs().notNull(),
    usedAt: timestampMs(),
    createdAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [index("idx_email_verifications_on_user_created").on(t.userId, t.createdAt)],
);

/** Recovery codes for two-factor sign-in, by SHA-256 (shown once); each works once. */
export const totpRecoveryCodes = pgTable(
  "totp_recovery_codes",
  {
    hash: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    usedAt: timestampMs(),
    createdAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [index("idx_totp_recovery_codes_on_user").on(t.userId)],
);

/**
 * A console sign-in: the session cookie names it, and it works while it has not ended. Ended by
 * its own sign-out, by signing it out from the Account page, and with every other one of its
 * user by "sign out everywhere" and by a password reset.
 */
export const consoleSessions = pgTable(
  "console_sessions",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The browser's User-Agent at sign-in (its first 300 characters). */
    userAgent: text(),
    /** The client address at sign-in. */
    address: text(),
    createdAt: timestampMs().notNull().defaultNow(),
    /** Last console request, to within SESSION_SEEN_EVERY_MS. */
    lastSeenAt: timestampMs().notNull().defaultNow(),
    endedAt: timestampMs(),
    /**
     * The organization the session works in, one of the user's memberships; the oldest
     * membership when null or no longer one (lib/users/get-console-member.ts).
     */
    organizationId: text().references(() => organizations.id, { onDelete: "set null" }),
  },
  (t) => [index("idx_console_sessions_on_user").on(t.userId, t.lastSeenAt)],
);
