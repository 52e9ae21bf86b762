import { pgEnum, timestamp } from "drizzle-orm/pg-core";

export const environmentEnum = pgEnum("environment", ["sandbox", "production"]);
export const planTierEnum = pgEnum("plan_tier", ["free", "pro", "enterprise"]);
/** A console member's role, most powerful first; lib/team/roles.ts says what each may do. */
export const memberRoleEnum = pgEnum("member_role", ["owner", "developer", "viewer"]);

/** Millisecond precision so that a timestamp survives a round trip through a JS Date (cursors). */
export const timestampMs = (name?: string) =>
  name
    ? timestamp(name, { precision: 3, withTimezone: true, mode: "date" })
    : timestamp({ precision: 3, withTimezone: true, mode: "date" });

export const lifecycleDates = {
  createdAt: timestampMs().notNull().defaultNow(),
  updatedAt: timestampMs().notNull().defaultNow(),
};
