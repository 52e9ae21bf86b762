import { integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { lifecycleDates, timestampMs } from "./_columns";

/** An account: one person, signing in to the console; its organizations are its memberships. */
export const users = pgTable(
  "users",
  {
    id: text().primaryKey(),
    email: text().notNull(),
    name: text(),
    passwordHash: text(),
    /**
     * The TOTP secret (RFC 6238), sealed (secretContexts.totpSecret); set on enrolment, in use
     * once `totpEnabledAt` is set.
     */
    totpSecret: text(),
    totpEnabledAt: timestampMs(),
    /** The last time step a TOTP code was accepted for: a code signs in once. */
    totpLastStep: integer(),
    /** When the user opened a link mailed to `email` (a verification or a password reset link). */
    emailVerifiedAt: timestampMs(),
    ...lifecycleDates,
  },
  (t) => [uniqueIndex("idx_users_on_email").on(t.email)],
);

export type TUser = typeof users.$inferSelect;
