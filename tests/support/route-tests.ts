import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { allScopes, type TScope } from "@/lib/auth/scopes";
import type { TTenant } from "@/lib/auth/tenant";
import { basePaths, keyPrefixes, type TEnvironment } from "@/lib/environment";
import { randomBase62 } from "@/lib/ids";
import { createApiKey } from "@/lib/keys/create-key";
import { revokeApiKey } from "@/lib/keys/revoke-key";
import { rollApiKey } from "@/lib/keys/roll-key";
import { call, eventually, type TApiResponse } from "./api";
import { expectError } from "./expect-error";
import { seedTenant, type TTestTenant } from "./tenant";

export type TCommonRoute<Fixture> = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path below the base address, e.g. `({ id }) => \`/agents/${id}\``. */
  path: (fixture: Fixture) => string;
  /** A valid body; omit for bodiless operations. */
  body?: (fixture: Fixture) => unknown;
  /** The scope the operation requires. */
  scope: TScope;
  /** The success status (200, 201, 202). */
  status: number;
  /**
   * Creates what one request needs (the resource its path names, the agents its body names)
   * inside a tenant; called afresh for every request, so destructive operations can repeat.
   * Routes with a seed also get the check that another organization's resource is 404.
   */
  seed?: (tenant: TTenant) => Promise<Fixture>;
};

/** Authorization headers that name no valid key, each a different way. */
export const malformedCredentials = {
  "no scheme": (secret: string) => secret,
  "Basic scheme": (secret: string) => `Basic ${Buffer.from(`${secret}:`).toString("base64")}`,
  "truncated key": (secret: string) => `Bearer ${secret.slice(0, -1)}`,
  "unknown prefix": (secret: string) => `Bearer sk_prod_${secret.slice(8)}`,
  "well-formed but unknown key": () => `Bearer ${keyPrefixes.sandbox}${randomBase62(32)}`,
  "empty bearer": () => "Bearer ",
};

/**
 * The checks every authenticated /v1 route must pass (Unkey's `runCommonRouteTests`): missing,
 * malformed, revoked and expired credentials are 401; a key rolled with an overlap works until
 * the overlap ends; a key of the other environment is 401 naming the right base address; a key
 * without the scope is 403; another organization's resource is 404. Every failure is in the
 * error envelope with a Request-Id. Call it inside a `describe` of the route's test file.
 */
export function runCommonRouteTests<Fixture = undefined>(route: TCommonRoute<Fixture>): void {
  let owner: TTestTenant;
  let stranger: TTestTenant;
  const tenant = (of: TTestTenant, environment: TEnvironment = "sandbox"): TTenant => ({
    organizationId: of.organizationId,
    environment,
  });
  const fixture = (of: TTestTenant, environment: TEnvironment = "sandbox") =>
    route.seed ? route.seed(tenant(of, environment)) : Promise.resolve(undefined as Fixture);

  /** One request of this route with a fresh fixture in `of`'s `environment`. */
  async function send(options: {
    of?: TTestTenant;
    environment?: TEnvironment;
    key?: string;
    authorization?: string;
  }): Promise<TApiResponse> {
    const environment = options.environment ?? "sandbox";
    const data = await fixture(options.of ?? owner, environment);
    return call(route.method, route.path(data), {
      environment,
      key: options.key,
      headers: options.authorization ? { authorization: options.authorization } : undefined,
      body: route.body?.(data),
    });
  }

  const newKey = async (scopes: readonly TScope[] = allScopes) =>
    createApiKey({
      organizationId: owner.organizationId,
      environment: "sandbox",
      name: "t",
      scopes,
    });

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([seedTenant(), seedTenant()]);
  });
  afterAll(async () => {
    await Promise.all([owner?.remove(), stranger?.remove()]);
  });

  describe("common route checks", () => {
    test("succeeds with a key holding only the required scope, in both environments", async () => {
      const only = await newKey([route.scope]);
      expect((await send({ key: only.secret })).status).toBe(route.status);
      const production = await send({ key: owner.keys.production, environment: "production" });
      expect(production.status).toBe(route.status);
      expect(production.headers.get("request-id")).toMatch(/^req-/);
    });

    test("no credential is 401", async () => {
      expectError(await send({}), 401, "unauthorized");
    });

    test.each(Object.entries(malformedCredentials))(
      "a malformed credential (%s) is 401",
      async (_, build) => {
        expectError(await send({ authorization: build(owner.keys.sandbox) }), 401, "unauthorized");
      },
    );

    test("a revoked key is 401, and a key in use stops within the cache time", async () => {
      const unused = await newKey();
      await revokeApiKey({ organizationId: owner.organizationId, keyId: unused.key.id });
      expectError(await send({ key: unused.secret }), 401, "unauthorized");

      const used = await newKey();
      expect((await send({ key: used.secret })).status).toBe(route.status);
      await revokeApiKey({ organizationId: owner.organizationId, keyId: used.key.id });
      await eventually(async () => {
        const error = expectError(await send({ key: used.secret }), 401, "unauthorized");
        expect(error.message).toMatch(/revoked/);
      });
    });

    test("a rolled key works during its overlap and is 401 once the overlap ends", async () => {
      const old = await newKey();
      expect((await send({ key: old.secret })).status).toBe(route.status);
      const rolled = await rollApiKey({
        organizationId: owner.organizationId,
        keyId: old.key.id,
        overlap: "1h",
      });
      expect((await send({ key: old.secret })).status).toBe(route.status);
      expect((await send({ key: rolled.secret })).status).toBe(route.status);
      // The overlap ends: what an hour would do, without waiting an hour.
      await db.update(apiKeys).set({ expiresAt: new Date() }).where(eq(apiKeys.id, old.key.id));
      await eventually(async () => {
        const error = expectError(await send({ key: old.secret }), 401, "unauthorized");
        expect(error.message).toMatch(/expired/);
      });
      expect((await send({ key: rolled.secret })).status).toBe(route.status);
    });

    test("a key of the other environment is 401 naming the right base address", async () => {
      const sandboxAtProduction = expectError(
        await send({ key: owner.keys.sandbox, environment: "production" }),
        401,
        "unauthorized",
      );
      expect(sandboxAtProduction.message).toContain(`(${basePaths.sandbox})`);
      const productionAtSandbox = expectError(
        await send({ key: owner.keys.production, environment: "sandbox" }),
        401,
        "unauthorized",
      );
      expect(productionAtSandbox.message).toContain(`(${basePaths.production})`);
    });

    test(`a key without ${route.scope} is 403`, async () => {
      const lacking = await newKey(allScopes.filter((scope) => scope !== route.scope));
      const error = expectError(await send({ key: lacking.secret }), 403, "forbidden");
      expect(error.message).toContain(route.scope);
    });

    // A route that names no resource of its own has no other organization's resource to ask for.
    if (route.seed)
      test("another organization's resource is 404", async () => {
        const theirs = await send({ of: stranger, key: owner.keys.sandbox });
        expectError(theirs, 404, "not_found");
      });
  });
}
