import { eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db, type TTransaction } from "@/db/client";
import { agentTokenRevocations, apiKeys } from "@/db/schema";
import { allScopes } from "@/lib/auth/scopes";
import { newId } from "@/lib/ids";
import { createApiKey } from "@/lib/keys/create-key";
import { revokeApiKey } from "@/lib/keys/revoke-key";
import { rollApiKey } from "@/lib/keys/roll-key";
import { revokeAgentTokens } from "@/lib/tokens/revoke-tokens";
import { call, eventually, type TApiResponse } from "../support/api";
import { startChildServer, type TChildServer } from "../support/child-server";
import { agentOf } from "../support/deals";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";

/**
 * A revocation made by one process reaches the credential caches of every server process. On
 * PostgreSQL a server of its own caches keys for a minute (API_KEY_CACHE_TTL_MS): the revocation,
 * made here or through the run's server, must reach it through NOTIFY within a moment (it travels
 * asynchronously, so the check polls for a few seconds, not the minute). On PGlite the run's
 * server caches nothing, so the very next request is refused.
 */
const embedded = inject("databaseEmbedded");
const NOTIFICATION_BOUND_MS = 5_000;

let tenant: TTestTenant;
let agentId: string;
let child: TChildServer | undefined;
beforeAll(async () => {
  tenant = await seedTenant();
  agentId = await agentOf(tenant.keys.sandbox);
  // PGlite belongs to one server process.
  if (!embedded) {
    child = await startChildServer({
      env: {
        API_KEY_CACHE_TTL_MS: "60000",
        RATE_LIMIT_PREFIX: `ass:test:reach:${Date.now()}`,
      },
    });
  }
}, 90_000);
afterAll(async () => {
  await child?.stop();
  await tenant.remove();
});

const freshKey = async () =>
  createApiKey({
    organizationId: tenant.organizationId,
    environment: "sandbox",
    name: "cached",
    scopes: allScopes,
  });

const tokenFrom = async (key: string, agent = agentId) => {
  const issued = await call("POST", "/auth/token", {
    key,
    baseUrl: child?.baseUrl,
    body: { agent_id: agent, scopes: ["agent.read"] },
  });
  expect(issued.status).toBe(201);
  return issued.body.token as string;
};

const listAgents = (credential: string, baseUrl = child?.baseUrl) =>
  call("GET", "/agents", { key: credential, baseUrl });

/**
 * Uses the credential at the caching server (so it is cached there), changes it elsewhere, and
 * sends requests until one is refused: the very first on PGlite, within moments on PostgreSQL.
 */
async function refusalAfter(credential: string, change: () => Promise<unknown>) {
  expect((await listAgents(credential)).status).toBe(200);
  expect((await listAgents(credential)).status).toBe(200);
  await change();
  const changedAt = Date.now();
  let answer: TApiResponse;
  let requests = 0;
  do {
    answer = await listAgents(credential);
    requests += 1;
  } while (answer.status === 200 && Date.now() - changedAt < NOTIFICATION_BOUND_MS);
  if (embedded) expect(requests).toBe(1);
  return expectError(answer, 401, "unauthorized");
}

describe("a revocation made in another process reaches the caching server", () => {
  test("a revoked key", async () => {
    const { key, secret } = await freshKey();
    const refused = await refusalAfter(secret, () =>
      revokeApiKey({ organizationId: tenant.organizationId, keyId: key.id }),
    );
    expect(refused.message).toMatch(/revoked/);
  });

  test("a key rolled with no overlap", async () => {
    const { key, secret } = await freshKey();
    const refused = await refusalAfter(secret, () =>
      rollApiKey({ organizationId: tenant.organizationId, keyId: key.id, overlap: "now" }),
    );
    expect(refused.message).toMatch(/expired/);
  });

  test("a token whose key was revoked", async () => {
    const { key, secret } = await freshKey();
    const token = await tokenFrom(secret);
    const refused = await refusalAfter(token, () =>
      revokeApiKey({ organizationId: tenant.organizationId, keyId: key.id }),
    );
    expect(refused.message).toMatch(/revoked or rolled/);
  });

  test("a token revoked by its jti, here", async () => {
    const token = await tokenFrom(tenant.keys.sandbox);
    const refused = await refusalAfter(token, () =>
      revokeAgentTokens({
        tenant: { organizationId: tenant.organizationId, environment: "sandbox" },
        input: { jti: decodeJwt(token).jti as string },
      }),
    );
    expect(refused.message).toMatch(/token was revoked/);
  });

  test.skipIf(embedded)(
    "agent tokens revoked through the run's server",
    { tags: ["own-server-processes"] },
    async () => {
      const agent = await agentOf(tenant.keys.sandbox);
      const token = await tokenFrom(tenant.keys.sandbox, agent);
      const refused = await refusalAfter(token, async () => {
        const revoked = await call("POST", "/auth/token/revoke", {
          key: tenant.keys.sandbox,
          body: { agentId: agent },
        });
        expect(revoked.status).toBe(200);
      });
      expect(refused.message).toMatch(/token was revoked/);
    },
  );
});

/** A change no trigger announces (replica mode skips triggers): only a notification or the TTL ends it. */
const unannounced = (change: (tx: TTransaction) => Promise<unknown>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await change(tx);
  });

test.skipIf(embedded)(
  "another organization's revocation leaves this organization's cached credentials; its own drops them",
  { tags: ["own-server-processes"] },
  async () => {
    const { key, secret } = await freshKey();
    const token = await tokenFrom(tenant.keys.sandbox);
    expect((await listAgents(secret)).status).toBe(200);
    expect((await listAgents(token)).status).toBe(200);
    await unannounced(async (tx) => {
      await tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, key.id));
      await tx.insert(agentTokenRevocations).values({
        id: newId("tokenRevocation"),
        organizationId: tenant.organizationId,
        environment: "sandbox",
        tokenId: decodeJwt(token).jti as string,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
    });

    const other = await seedTenant();
    try {
      // Once the child refuses the other organization's revoked key, its notification has arrived.
      await refusalAfter(other.keys.sandbox, () =>
        revokeApiKey({ organizationId: other.organizationId, keyId: other.keyIds.sandbox }),
      );
    } finally {
      await other.remove();
    }
    expect((await listAgents(secret)).status).toBe(200);
    expect((await listAgents(token)).status).toBe(200);

    const { key: sibling } = await freshKey();
    await revokeApiKey({ organizationId: tenant.organizationId, keyId: sibling.id });
    await eventually(async () => {
      expect(expectError(await listAgents(secret), 401, "unauthorized").message).toMatch(/revoked/);
      expect(expectError(await listAgents(token), 401, "unauthorized").message).toMatch(
        /token was revoked/,
      );
    }, NOTIFICATION_BOUND_MS);
  },
);

describe("the cache itself", () => {
  test("serves a key until its lifetime ends when no revocation is announced; none on PGlite", async () => {
    // The run's server caches keys for 300 ms.
    const { key, secret } = await freshKey();
    const server = inject("baseUrl");
    expect((await listAgents(secret, server)).status).toBe(200);
    await unannounced((tx) =>
      tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, key.id)),
    );
    expect((await listAgents(secret, server)).status).toBe(embedded ? 401 : 200);
    await eventually(async () =>
      expectError(await listAgents(secret, server), 401, "unauthorized"),
    );
  });
});
