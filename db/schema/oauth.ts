import { index, pgTable, text } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";
import { organizations } from "./organizations";

/** OAuth clients registered dynamically (RFC 7591): public clients, no secret. */
export const oauthClients = pgTable("oauth_clients", {
  id: text().primaryKey(),
  name: text().notNull(),
  redirectUris: text().array().notNull(),
  createdAt: timestampMs().notNull().defaultNow(),
});

/**
 * Authorization codes a member granted on the consent screen, by the SHA-256 of the code (the
 * code itself is never stored). Used once; the key its exchange issued is kept, so that a
 * replayed code revokes it (RFC 6749 §4.1.2).
 */
export const oauthCodes = pgTable(
  "oauth_codes",
  {
    hash: text().primaryKey(),
    clientId: text().notNull(),
    userId: text().notNull(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    environment: environmentEnum().notNull(),
    scopes: text().array().notNull(),
    redirectUri: text().notNull(),
    codeChallenge: text().notNull(),
    resource: text().notNull(),
    expiresAt: timestampMs().notNull(),
    usedAt: timestampMs(),
    apiKeyId: text(),
    createdAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [index("idx_oauth_codes_on_organization_id").on(t.organizationId)],
);

/**
 * Refresh tokens (RFC 6749 §6), by the SHA-256 of the token, each issued with an access token
 * (`apiKeyId`). A refresh uses one up and issues the next of its `family` (one consent's chain)
 * with a new access token; one presented again after its use ends the family (RFC 9700
 * §4.14.2): its access token is revoked and its refresh tokens are used up.
 */
export const oauthRefreshTokens = pgTable(
  "oauth_refresh_tokens",
  {
    hash: text().primaryKey(),
    family: text().notNull(),
    clientId: text().notNull(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    environment: environmentEnum().notNull(),
    scopes: text().array().notNull(),
    resource: text().notNull(),
    apiKeyId: text().notNull(),
    expiresAt: timestampMs().notNull(),
    usedAt: timestampMs(),
    createdAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [
    index("idx_oauth_refresh_tokens_on_family").on(t.family),
    index("idx_oauth_refresh_tokens_on_organization_id").on(t.organizationId),
  ],
);

export type TOauthClientRow = typeof oauthClients.$inferSelect;
export type TOauthCodeRow = typeof oauthCodes.$inferSelect;
