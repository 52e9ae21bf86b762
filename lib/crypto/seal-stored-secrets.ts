import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import {
  instanceSecrets,
  jwtSigningKeys,
  treeHeadKeys,
  users,
  webhookEndpoints,
} from "@/db/schema";
import { open, seal, sealedPattern } from "./sealed-secret";
import { sealedInstanceSecretNames, secretContexts } from "./secret-contexts";
import { secretsKey } from "./secrets-key";

type TSealedColumn = {
  table: PgTable;
  id: PgColumn;
  value: PgColumn;
  context: (id: string) => string;
  only?: SQL;
};

const sealedColumns: TSealedColumn[] = [
  {
    table: webhookEndpoints,
    id: webhookEndpoints.id,
    value: webhookEndpoints.secret,
    context: secretContexts.webhookSecret,
  },
  {
    table: webhookEndpoints,
    id: webhookEndpoints.id,
    value: webhookEndpoints.previousSecret,
    context: secretContexts.webhookPreviousSecret,
  },
  {
    table: jwtSigningKeys,
    id: jwtSigningKeys.kid,
    value: jwtSigningKeys.privatePem,
    context: secretContexts.jwtPrivateKey,
  },
  {
    table: treeHeadKeys,
    id: treeHeadKeys.kid,
    value: treeHeadKeys.privateKeyPem,
    context: secretContexts.treeHeadPrivateKey,
  },
  {
    table: instanceSecrets,
    id: instanceSecrets.name,
    value: instanceSecrets.value,
    context: secretContexts.instanceSecret,
    only: inArray(instanceSecrets.name, Object.values(sealedInstanceSecretNames)),
  },
  { table: users, id: users.id, value: users.totpSecret, context: secretContexts.totpSecret },
];

/**
 * Replaces each stored secret that `which` selects by `rewrite` of it, in every sealed column.
 * Each row is replaced only if it still holds the value that was read: processes doing this at
 * once may both try, and the first write wins. Answers how many rows were replaced.
 */
async function rewriteStoredSecrets(
  which: (column: TSealedColumn) => SQL | undefined,
  rewrite: (value: string, context: string) => string,
): Promise<number> {
  let replacedCount = 0;
  for (const column of sealedColumns) {
    const rows = await db
      .select({ id: column.id, value: column.value })
      .from(column.table)
      .where(which(column));
    for (const row of rows as { id: string; value: string }[]) {
      const replaced = await db
        .update(column.table)
        .set({ [column.value.name]: rewrite(row.value, column.context(row.id)) })
        .where(and(eq(column.id, row.id), eq(column.value, row.value)))
        .returning({ id: column.id });
      replacedCount += replaced.length;
    }
  }
  return replacedCount;
}

/**
 * Seals the plaintext secrets a database from before sealing holds, at start, so that reads only
 * ever open sealed values. Processes starting at once may both seal one; the first write wins.
 */
export const sealStoredSecrets = (): Promise<number> =>
  rewriteStoredSecrets(
    (column) => and(isNotNull(column.value), sql`${column.value} !~ ${sealedPattern}`, column.only),
    (plaintext, context) => seal(plaintext, context),
  );

/** The sealed values of a column whose key is not `keyId`, the sealing key. */
const sealedUnderOtherKeys = (column: TSealedColumn, keyId: string) =>
  and(
    sql`${column.value} ~ ${sealedPattern}`,
    sql`split_part(${column.value}, '.', 2) <> ${keyId}`,
    column.only,
  );

/** How many stored secrets are sealed under a key other than the sealing one, per key id. */
export async function countSealedUnderOtherKeys(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const column of sealedColumns) {
    const rows = await db
      .select({
        keyId: sql<string>`split_part(${column.value}, '.', 2)`,
        count: sql<number>`count(*)::int`,
      })
      .from(column.table)
      .where(sealedUnderOtherKeys(column, secretsKey().id))
      .groupBy(sql`1`);
    for (const row of rows) counts[row.keyId] = (counts[row.keyId] ?? 0) + row.count;
  }
  return counts;
}

/**
 * Re-seals under the sealing key every stored secret sealed under another key of the keyring
 * (SECRETS_DECRYPTION_KEYS): the second half of a key rotation, after which the old key can go.
 * A value no key of the keyring opens throws, naming its key, and what was re-sealed before it
 * stays re-sealed.
 */
export const resealStoredSecrets = (): Promise<number> => {
  const key = secretsKey();
  return rewriteStoredSecrets(
    (column) => sealedUnderOtherKeys(column, key.id),
    (sealed, context) => seal(open(sealed, context), context, key),
  );
};
