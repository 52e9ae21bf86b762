import { index, pgTable, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./_columns";
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
