import { execFile } from "node:child_process";
import { createPrivateKey, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK } from "jose";
import postgres from "postgres";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { instanceSecrets, jwtSigningKeys, treeHeadKeys, webhookEndpoints } from "@/db/schema";
import { ed25519Thumbprint, generateTreeHeadKeyPair } from "@/lib/attest";
import { authSecret } from "@/lib/console/auth-secret";
import { sealStoredSecrets } from "@/lib/crypto/seal-stored-secrets";
import { isSealed, open, sealedKeyId } from "@/lib/crypto/sealed-secret";
import { sealedInstanceSecretNames, secretContexts } from "@/lib/crypto/secret-contexts";
import { secretsKeyFrom } from "@/lib/crypto/secrets-key";
import { newId } from "@/lib/ids";
import { generateSigningKeyMaterial } from "@/lib/tokens/signing-key-material";
import { call, eventually } from "../support/api";
import { startChildServer } from "../support/child-server";
import { issueTestReceipt, sealAll } from "../support/receipts";
import { answer, startReceiver, type TReceiver } from "../support/receiver";
import { scratchDatabase } from "../support/scratch-database";
import { seedTenant, type TTestTenant } from "../support/tenant";

const run = promisify(execFile);

// "Nothing that authenticates is stored in plaintext": each secret the service keeps is read
// straight from its row here, where neither it nor any encoding of it may appear, while what
// the secret is for (signing deliveries, tokens, tree heads) still works.

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const rotated = "a-plain-rotated-secret-0123456789";
let tenant: TTestTenant;
let receiver: TReceiver;
beforeAll(async () => {
  tenant = await seedTenant();
  receiver = await startReceiver({ handler: answer(200) });
});
afterAll(async () => {
  // Deleting the endpoints cancels their scheduled retries, so none outlives the file.
  const listed = await call("GET", "/webhooks?limit=100", { key: tenant.keys.sandbox });
  for (const { id } of listed.body.data as { id: string }[]) {
    await call("DELETE", `/webhooks/${id}`, { key: tenant.keys.sandbox });
  }
  await receiver.close();
  await tenant.remove();
});

/** Every way a secret could show in a row: as given, and its base64 or hex bytes. */
function expectNowhereIn(row: unknown, plaintext: string) {
  const text = JSON.stringify(row);
  const bytes = Buffer.from(plaintext);
  for (const form of [plaintext, bytes.toString("base64"), bytes.toString("hex")]) {
    expect(text).not.toContain(form);
  }
  if (plaintext.startsWith("whsec_")) expect(text).not.toContain(plaintext.slice(6));
}

const endpointRow = async (id: string) =>
  (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;

const verifier = (key: string) =>
  key.startsWith("whsec_")
    ? new Webhook(key)
    : new Webhook(new TextEncoder().encode(key), { format: "raw" });

/** Registers an agent and waits for the delivery of its event to `path`. */
async function deliveryAbout(name: string, path = "/hook") {
  const agent = await call("POST", "/agents", { key: tenant.keys.sandbox, body: { name } });
  expect(agent.status).toBe(201);
  return eventually(async () => {
    const found = receiver.received.find(
      (entry) => entry.path === path && JSON.parse(entry.body).data.object.id === agent.body.id,
    );
    expect(found).toBeDefined();
    return found!;
  }, 15_000);
}

describe("secrets at rest", () => {
  test("a webhook secret is stored sealed, and deliveries still verify with it", async () => {
    const created = await call("POST", "/webhooks", {
      key: tenant.keys.sandbox,
      body: { url: `${receiver.origin}/hook`, events: ["agent.registered"], secret },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const row = await endpointRow(id);
    expect(isSealed(row.secret)).toBe(true);
    expectNowhereIn(row, secret);

    const delivered = await deliveryAbout("Sealed secret");
    const headers = delivered.headers as Record<string, string>;
    expect(() => verifier(secret).verify(delivered.body, headers)).not.toThrow();

    // A rotation keeps the old secret signing alongside the new one: both sealed.
    const patched = await call("PATCH", `/webhooks/${id}`, {
      key: tenant.keys.sandbox,
      body: { secret: rotated },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const after = await endpointRow(id);
    expect(isSealed(after.secret) && isSealed(after.previousSecret!)).toBe(true);
    expectNowhereIn(after, secret);
    expectNowhereIn(after, rotated);
    const both = await deliveryAbout("Rotated secret");
    for (const key of [secret, rotated]) {
      expect(
        () => verifier(key).verify(both.body, both.headers as Record<string, string>),
        key,
      ).not.toThrow();
    }

    // A sealed secret copied into another endpoint's row does not open there.
    expect(() => open(after.secret, secretContexts.webhookSecret(newId("webhook")))).toThrow(
      /does not open/,
    );
  });

  test("no private key is stored as PEM, and each opens to its published public key", async () => {
    await issueTestReceipt({
      tenant: { organizationId: tenant.organizationId, environment: "sandbox" },
    });
    await sealAll("sandbox");
    const tokenKeys = await db.select().from(jwtSigningKeys);
    const headKeys = await db.select().from(treeHeadKeys);
    expect(JSON.stringify([tokenKeys, headKeys])).not.toContain("-----BEGIN");
    expect(JSON.stringify([tokenKeys, headKeys])).not.toContain("PRIVATE KEY");

    const generatedTokenKeys = tokenKeys.filter((row) => row.privatePem !== null);
    expect(generatedTokenKeys.length).toBeGreaterThan(0);
    for (const row of generatedTokenKeys) {
      const pem = open(row.privatePem!, secretContexts.jwtPrivateKey(row.kid));
      const {
        d: _d,
        p: _p,
        q: _q,
        dp: _dp,
        dq: _dq,
        qi: _qi,
        ...publicPart
      } = await exportJWK(createPrivateKey(pem));
      expect(await calculateJwkThumbprint(publicPart)).toBe(row.kid);
    }
    const generatedHeadKeys = headKeys.filter((row) => row.privateKeyPem !== null);
    expect(generatedHeadKeys.length).toBeGreaterThan(0);
    for (const row of generatedHeadKeys) {
      const pem = open(row.privateKeyPem!, secretContexts.treeHeadPrivateKey(row.kid));
      const { x } = createPrivateKey(pem).export({ format: "jwk" });
      expect(ed25519Thumbprint(x!)).toBe(row.kid);
    }
  });

  test("the generated console session secret is stored sealed", async () => {
    const plaintext = await authSecret();
    const name = sealedInstanceSecretNames.nextauthSecret;
    const [row] = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, name));
    expect(isSealed(row!.value)).toBe(true);
    expectNowhereIn(row, plaintext);
    expect(open(row!.value, secretContexts.instanceSecret(name))).toBe(plaintext);
  });

  test("plaintext kept by a release from before sealing is sealed once, where it lies", async () => {
    // What an upgraded database holds: an endpoint secret and a private key in plaintext.
    const endpointId = newId("webhook");
    const plainSecret = "plaintext-from-before-sealing-0123456789";
    await db.insert(webhookEndpoints).values({
      id: endpointId,
      organizationId: tenant.organizationId,
      environment: "sandbox",
      url: `${receiver.origin}/upgraded`,
      events: ["agent.registered"],
      secret: plainSecret,
    });
    const material = await generateSigningKeyMaterial();
    // Retired and past its publish window, so no server signs with it or publishes it.
    await db.insert(jwtSigningKeys).values({
      kid: material.kid,
      publicJwk: material.publicJwk as Record<string, unknown>,
      privatePem: material.privatePem,
      retiredAt: new Date(0),
      publishUntil: new Date(0),
    });
    try {
      // Processes starting at once each seal; every value ends up sealed exactly once.
      await Promise.all([sealStoredSecrets(), sealStoredSecrets()]);
      const endpoint = await endpointRow(endpointId);
      expectNowhereIn(endpoint, plainSecret);
      expect(open(endpoint.secret, secretContexts.webhookSecret(endpointId))).toBe(plainSecret);
      const [key] = await db
        .select()
        .from(jwtSigningKeys)
        .where(eq(jwtSigningKeys.kid, material.kid));
      expect(key!.privatePem).not.toContain("-----BEGIN");
      expect(open(key!.privatePem!, secretContexts.jwtPrivateKey(material.kid))).toBe(
        material.privatePem,
      );
      expect(await sealStoredSecrets()).toBe(0);

      // The upgraded endpoint's deliveries are signed with its secret as before.
      const delivered = await deliveryAbout("Upgraded endpoint", "/upgraded");
      expect(() =>
        verifier(plainSecret).verify(delivered.body, delivered.headers as Record<string, string>),
      ).not.toThrow();
    } finally {
      await db.delete(jwtSigningKeys).where(eq(jwtSigningKeys.kid, material.kid));
    }
  });
});

describe.skipIf(inject("databaseEmbedded"))(
  "servers starting on a database of their own: before sealing, and across a key rotation",
  { tags: ["own-server-processes"], timeout: 120_000 },
  () => {
    test("rotating the secrets key: reseal under the new key, then the old one can go", async () => {
      const database = scratchDatabase("secrets_rotation", inject("databaseUrl"));
      await database.create();
      const sql = postgres(database.url, { max: 1, onnotice: () => {} });
      const oldKey = randomBytes(32).toString("base64");
      const newKey = randomBytes(32).toString("base64");
      const [oldId, newId] = [oldKey, newKey].map(
        (k) => secretsKeyFrom(Buffer.from(k, "base64")).id,
      );
      const server = (key: string, decryption?: string) =>
        startChildServer({
          env: {
            DATABASE_URL: database.url,
            SECRETS_ENCRYPTION_KEY: key,
            SECRETS_DECRYPTION_KEYS: decryption,
          },
        });
      const storedKeyIds = async () =>
        (await sql`select private_pem from jwt_signing_keys`).map((row) =>
          sealedKeyId(row.private_pem),
        );
      try {
        await migrateDatabase(database.url);
        const first = await server(oldKey);
        const kid = /agent tokens: RS256 key (\S+) \(generated/.exec(first.output())?.[1];
        await first.kill();
        expect(kid).toBeDefined();
        expect(await storedKeyIds()).toEqual([oldId]);

        // The new key alone cannot open what the old one sealed: the server refuses to start.
        await expect(server(newKey)).rejects.toThrow(
          new RegExp(
            `stored secrets: \\d+ sealed under key ${oldId}, which neither SECRETS_ENCRYPTION_KEY \\(key ${newId}\\) nor SECRETS_DECRYPTION_KEYS holds`,
          ),
        );
        // With the old key to open with, it starts, says what is left, and reads the token key.
        const both = await server(newKey, oldKey);
        expect(both.output()).toMatch(
          new RegExp(
            `stored secrets: sealed with key ${newId} from SECRETS_ENCRYPTION_KEY; \\d+ under key ${oldId} \\(npm run cli -- secrets reseal\\)`,
          ),
        );
        expect(both.output()).toContain(`agent tokens: RS256 key ${kid} (stored`);
        await both.kill();

        const resealed = await run(
          "npm",
          ["run", "--silent", "cli", "--", "--json", "secrets", "reseal"],
          {
            env: {
              ...process.env,
              NODE_ENV: "production",
              DATABASE_URL: database.url,
              SECRETS_ENCRYPTION_KEY: newKey,
              SECRETS_DECRYPTION_KEYS: oldKey,
            },
            timeout: 60_000,
          },
        );
        const report = JSON.parse(resealed.stdout);
        expect(report).toMatchObject({ key: newId, remaining: {} });
        expect(report.resealed).toBeGreaterThanOrEqual(1);
        expect(await storedKeyIds()).toEqual([newId]);

        // The old key is gone; the new one alone opens everything.
        const last = await server(newKey);
        expect(last.output()).toContain(`agent tokens: RS256 key ${kid} (stored`);
        expect(last.output()).not.toContain("secrets reseal");
        await last.kill();
      } finally {
        await sql.end();
        await database.drop();
      }
    });

    test("two servers starting at once seal its plaintext keys, once, and start", async () => {
      const database = scratchDatabase("secrets_upgrade", inject("databaseUrl"));
      await database.create();
      const sql = postgres(database.url, { max: 1, onnotice: () => {} });
      const servers: Awaited<ReturnType<typeof startChildServer>>[] = [];
      try {
        await migrateDatabase(database.url);
        const tokenKey = await generateSigningKeyMaterial();
        const headKey = generateTreeHeadKeyPair();
        const sessionSecret = "plaintext-session-secret-from-before";
        await sql`insert into jwt_signing_keys (kid, public_jwk, private_pem)
          values (${tokenKey.kid}, ${sql.json(tokenKey.publicJwk as postgres.JSONValue)}, ${tokenKey.privatePem})`;
        await sql`insert into tree_head_keys (kid, public_jwk, private_key_pem, status)
          values (${headKey.kid}, ${sql.json(headKey.publicJwk)}, ${headKey.privateKeyPem}, 'active')`;
        await sql`insert into instance_secrets (name, value)
          values (${sealedInstanceSecretNames.nextauthSecret}, ${sessionSecret})`;

        servers.push(
          ...(await Promise.all(
            [1, 2].map(() => startChildServer({ env: { DATABASE_URL: database.url } })),
          )),
        );
        const [token] =
          await sql`select private_pem from jwt_signing_keys where kid = ${tokenKey.kid}`;
        const [head] =
          await sql`select private_key_pem from tree_head_keys where kid = ${headKey.kid}`;
        const [session] = await sql`select value from instance_secrets
          where name = ${sealedInstanceSecretNames.nextauthSecret}`;
        expect(JSON.stringify([token, head, session])).not.toContain("-----BEGIN");
        expectNowhereIn(session, sessionSecret);
        // Sealed once: each opens, for its own row, to the value the old release kept.
        expect(open(token!.private_pem, secretContexts.jwtPrivateKey(tokenKey.kid))).toBe(
          tokenKey.privatePem,
        );
        expect(open(head!.private_key_pem, secretContexts.treeHeadPrivateKey(headKey.kid))).toBe(
          headKey.privateKeyPem,
        );
        expect(
          open(
            session!.value,
            secretContexts.instanceSecret(sealedInstanceSecretNames.nextauthSecret),
          ),
        ).toBe(sessionSecret);
        // The servers kept the stored token key, which they could only use by opening it.
        for (const server of servers) {
          expect(server.output()).toContain(`agent tokens: RS256 key ${tokenKey.kid} (stored`);
        }
        // Both tried; between them, each plaintext value was sealed exactly once.
        const sealedCounts = [
          ...servers
            .map((server) => server.output())
            .join("")
            .matchAll(
              /stored secrets: sealed with key [\w-]+ from SECRETS_ENCRYPTION_KEY(?:; (\d+) plaintext)?/g,
            ),
        ].map((match) => Number(match[1] ?? 0));
        expect(sealedCounts).toHaveLength(2);
        expect(sealedCounts.reduce((sum, count) => sum + count, 0)).toBe(3);
      } finally {
        await Promise.all(servers.map((server) => server.kill()));
        await sql.end();
        await database.drop();
      }
    });
  },
);
