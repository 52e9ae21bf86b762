import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { setConfigVariables } from "@/config";
import { closeDatabase, db } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { jwtSigningKeys } from "@/db/schema";
import { open } from "@/lib/crypto/sealed-secret";
import { secretContexts } from "@/lib/crypto/secret-contexts";
import { scratchDatabase } from "../../tests/support/scratch-database";
import { ensureSigningKey } from "./ensure-signing-key";
import { rotateSigningKey } from "./rotate-signing-key";
import { generateSigningKeyMaterial } from "./signing-key-material";

const database = scratchDatabase(
  "signing_keys",
  process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
);

// A database of its own: the test needs a table with no key yet.
beforeAll(async () => {
  await database.create();
  setConfigVariables({ DATABASE_URL: database.url });
  setConfigVariables({
    JWT_PRIVATE_KEY: undefined,
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  });
  await migrateDatabase(database.url);
});
afterAll(async () => {
  await closeDatabase();
  await database.drop();
});

test("processes starting at the same time agree on one generated key", async () => {
  const results = await Promise.all(Array.from({ length: 8 }, () => ensureSigningKey()));
  expect(new Set(results.map((result) => result.kid)).size).toBe(1);
  expect(results.filter((result) => result.source === "generated")).toHaveLength(1);
  const rows = await db.select().from(jwtSigningKeys);
  expect(rows).toHaveLength(1);
  // The private key is stored sealed for its row, and opens there to the PEM.
  const { kid, privatePem } = rows[0]!;
  expect(privatePem).not.toContain("PRIVATE KEY");
  expect(open(privatePem!, secretContexts.jwtPrivateKey(kid))).toMatch(
    /^-----BEGIN PRIVATE KEY-----/,
  );
});

test("a rotation racing a start still leaves exactly one active key", async () => {
  await Promise.all([rotateSigningKey(), ensureSigningKey(), rotateSigningKey()]);
  const rows = await db.select().from(jwtSigningKeys);
  expect(rows.filter((row) => row.retiredAt === null)).toHaveLength(1);
  expect(rows).toHaveLength(3);
});

test("a configured key given again after another one is the active key again", async () => {
  const [first, second] = await Promise.all([
    generateSigningKeyMaterial(),
    generateSigningKeyMaterial(),
  ]);
  expect(await ensureSigningKey(first.privatePem)).toEqual({
    kid: first.kid,
    source: "configured",
  });
  await ensureSigningKey(second.privatePem);
  expect(await ensureSigningKey(first.privatePem)).toEqual({
    kid: first.kid,
    source: "configured",
  });
  const rows = await db.select().from(jwtSigningKeys);
  const active = rows.filter((row) => row.retiredAt === null);
  expect(active.map((row) => row.kid)).toEqual([first.kid]);
  expect(active[0]!.publishUntil).toBeNull();
  expect(rows.find((row) => row.kid === second.kid)!.retiredAt).not.toBeNull();
});
