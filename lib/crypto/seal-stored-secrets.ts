import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { instanceSecrets, jwtSigningKeys, treeHeadKeys, webhookEndpoints } from "@/db/schema";
import { seal, sealedPattern } from "./sealed-secret";
import { sealedInstanceSecretNames, secretContexts } from "./secret-contexts";

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
];

/**
 * Seals the plaintext secrets a database from before sealing holds, at start, so that reads only
 * ever open sealed values. Each row is replaced only if it still holds the plaintext that was
 * read: processes starting at once may both seal it, and the first write wins.
 */
export async function sealStoredSecrets(): Promise<number> {
  let sealed = 0;
  for (const column of sealedColumns) {
    const plain = await db
      .select({ id: column.id, value: column.value })
      .from(column.table)
      .where(and(isNotNull(column.value), sql`${column.value} !~ ${sealedPattern}`, column.only));
    for (const row of plain as { id: string; value: string }[]) {
      const replaced = await db
        .update(column.table)
        .set({ [column.value.name]: seal(row.value, column.context(row.id)) })
        .where(and(eq(column.id, row.id), eq(column.value, row.value)))
        .returning({ id: column.id });
      sealed += replaced.length;
    }
  }
  return sealed;
}
