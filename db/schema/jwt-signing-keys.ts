import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./_columns";

/** RS256 keys for agent tokens. Retired keys stay published until `publishUntil`. */
export const jwtSigningKeys = pgTable("jwt_signing_keys", {
  kid: text().primaryKey(),
  publicJwk: jsonb().$type<Record<string, unknown>>().notNull(),
  /** PKCS#8 PEM of a generated key, sealed; null for a key from JWT_PRIVATE_KEY (never stored). */
  privatePem: text(),
  createdAt: timestampMs().notNull().defaultNow(),
  retiredAt: timestampMs(),
  publishUntil: timestampMs(),
});

export type TJwtSigningKey = typeof jwtSigningKeys.$inferSelect;
