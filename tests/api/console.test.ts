import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { apiKeys, memberships, organizations, users } from "@/db/schema";
import { call } from "../support/api";
import {
  consoleOrigin,
  newAccount,
  signedUpMember,
  signIn,
  signUpAccount,
  type TMember,
} from "../support/console-session";
import { removeOrganization } from "../support/tenant";

/** A console request from the console's own page: session cookie and same Origin. */
const asMember = (who: TMember, extra: Record<string, string> = {}) => ({
  headers: { cookie: who.cookie, origin: consoleOrigin(), ...extra },
});

let first: TMember;
let second: TMember;
beforeAll(async () => {
  [first, second] = await Promise.all([signedUpMember(), signedUpMember()]);
});
afterAll(async () => {
  for (const who of [first, second]) {
    if (who) await removeOrganization(who.organizationId);
  }
});

describe("sign-up", () => {
  test("creates a user and a free organization; the password is stored as Argon2id", async () => {
    const account = newAccount();
    const response = await signUpAccount(account);
    expect(response.status).toBe(201);
    const body = (await response.json()) as any;
    expect(body.user.email).toBe(account.email.toLowerCase());
    expect(body.organization).toMatchObject({ name: account.organizationName, plan: "free" });
    const [user] = await db.select().from(users).where(eq(users.id, body.user.id));
    expect(
      await db
        .select({ organizationId: memberships.organizationId, role: memberships.role })
        .from(memberships)
        .where(eq(memberships.userId, user!.id)),
    ).toEqual([{ organizationId: body.organization.id, role: "owner" }]);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.passwordHash).not.toContain(account.password);
    await removeOrganization(body.organization.id);
  });

  test("a taken email is a 409 on email, whatever its case, and creates no organization", async () => {
    const account = newAccount();
    expect((await signUpAccount(account)).status).toBe(201);
    // Other test files sign up at the same time: count this sign-up's organization name only.
    const named = (name: string) => db.$count(organizations, eq(organizations.name, name));
    const again = await signUpAccount({
      ...account,
      email: account.email.toUpperCase(),
      organizationName: `${account.organizationName} again`,
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as any).error.param).toBe("email");
    expect(await named(`${account.organizationName} again`)).toBe(0);
    expect(await named(account.organizationName)).toBe(1);
  });

  test.each([
    [{ password: "short" }, "password"],
    [{ email: "not an email" }, "email"],
    [{ organizationName: "" }, "organizationName"],
    [{ plan: "enterprise" }, "plan"],
  ])("bad input %j is a 400 naming %s", async (change, param) => {
    const response = await signUpAccount({ ...newAccount(), ...change });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.param).toBe(param);
  });

  test("another site cannot sign people up", async () => {
    const account = newAccount();
    const response = await signUpAccount(account, "https://evil.example");
    expect(response.status).toBe(403);
    expect(await db.$count(users, eq(users.email, account.email.toLowerCase()))).toBe(0);
  });
});

describe("sign-in", () => {
  test("a wrong password or an unknown email gives no session", async () => {
    const account = newAccount();
    await signUpAccount(account);
    expect(await signIn({ email: account.email, password: "wrong password" })).toBeUndefined();
    expect(
      await signIn({ email: `x${account.email}`, password: account.password }),
    ).toBeUndefined();
    expect(await signIn(account)).toBeDefined();
  });
});

describe("console JSON routes", () => {
  test("refuse requests without a valid session", async () => {
    for (const cookie of [undefined, "next-auth.session-token=forged"]) {
      const headers: Record<string, string> = { origin: consoleOrigin() };
      if (cookie) headers.cookie = cookie;
      const list = await call("GET", "/api/console/keys?environment=sandbox", { headers });
      expect(list.status).toBe(401);
      expect(list.body.error.code).toBe("unauthorized");
      const create = await call("POST", "/api/console/keys", {
        headers,
        body: { name: "x", environment: "sandbox", scopes: ["agent.read"] },
      });
      expect(create.status).toBe(401);
    }
  });

  test("create returns the secret once; lists never show it", async () => {
    const created = await call("POST", "/api/console/keys", {
      ...asMember(first),
      body: { name: "CI", environment: "sandbox", scopes: ["agent.read", "agent.read"] },
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^sk_test_/);
    expect(created.body.key.scopes).toEqual(["agent.read"]);
    const listed = await call("GET", "/api/console/keys?environment=sandbox", asMember(first));
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("no-store");
    const text = JSON.stringify(listed.body);
    expect(text).not.toContain(created.body.secret);
    expect(Object.keys(listed.body.data[0]).sort()).toEqual(
      [
        "createdAt",
        "environment",
        "expiresAt",
        "id",
        "last4",
        "lastUsedAt",
        "name",
        "prefix",
        "revokedAt",
        "scopes",
        "status",
      ].sort(),
    );
    const production = await call(
      "GET",
      "/api/console/keys?environment=production",
      asMember(first),
    );
    expect(production.body.data).toEqual([]);
  });

  test.each([
    [{ name: "x", environment: "sandbox", scopes: [] }, "scopes"],
    [{ name: "x", environment: "sandbox", scopes: ["agent.fly"] }, "scopes.0"],
    [{ name: "x", environment: "staging", scopes: ["agent.read"] }, "environment"],
    [{ name: " ", environment: "sandbox", scopes: ["agent.read"] }, "name"],
    [
      { name: "x", environment: "sandbox", scopes: ["agent.read"], organizationId: "org-x" },
      "organizationId",
    ],
  ])("create with %j is a 400 naming %s and creates nothing", async (body, param) => {
    const before = await db.$count(apiKeys, eq(apiKeys.organizationId, first.organizationId));
    const response = await call("POST", "/api/console/keys", { ...asMember(first), body });
    expect(response.status).toBe(400);
    expect(response.body.error.param).toBe(param);
    expect(await db.$count(apiKeys, eq(apiKeys.organizationId, first.organizationId))).toBe(before);
  });

  test("bad queries are 400s naming the parameter", async () => {
    const missing = await call("GET", "/api/console/keys", asMember(first));
    expect(missing.status).toBe(400);
    expect(missing.body.error.param).toBe("environment");
    const unknown = await call(
      "GET",
      "/api/console/keys?environment=sandbox&org=x",
      asMember(first),
    );
    expect(unknown.body.error.param).toBe("org");
    const limit = await call(
      "GET",
      "/api/console/agents?environment=sandbox&limit=0",
      asMember(first),
    );
    expect(limit.status).toBe(400);
    expect(limit.body.error.param).toBe("limit");
  });

  test("roll and revoke: overlaps, conflicts, and another organization's ids are 404", async () => {
    const created = await call("POST", "/api/console/keys", {
      ...asMember(first),
      body: { name: "Rolled", environment: "sandbox", scopes: ["agent.read"] },
    });
    const keyId = created.body.key.id;
    const path = (action: string) => `/api/console/keys/${keyId}/${action}`;

    const badOverlap = await call("POST", path("roll"), {
      ...asMember(first),
      body: { overlap: "2h" },
    });
    expect(badOverlap.status).toBe(400);
    expect(badOverlap.body.error.param).toBe("overlap");

    for (const action of ["roll", "revoke"]) {
      const foreign = await call("POST", path(action), {
        ...asMember(second),
        body: action === "roll" ? { overlap: "now" } : undefined,
      });
      expect(foreign.status).toBe(404);
    }
    const foreignList = await call(
      "GET",
      "/api/console/keys?environment=sandbox",
      asMember(second),
    );
    expect(foreignList.body.data.map((key: { id: string }) => key.id)).not.toContain(keyId);

    const before = Date.now();
    const rolled = await call("POST", path("roll"), {
      ...asMember(first),
      body: { overlap: "1h" },
    });
    expect(rolled.status).toBe(200);
    expect(rolled.body.secret).toMatch(/^sk_test_/);
    const expiresAt = Date.parse(rolled.body.previous.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
    const again = await call("POST", path("roll"), {
      ...asMember(first),
      body: { overlap: "now" },
    });
    expect(again.status).toBe(409);

    const revoked = await call("POST", path("revoke"), asMember(first));
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe("revoked");
    const unknown = await call(
      "POST",
      "/api/console/keys/key-0000000000000000/revoke",
      asMember(first),
    );
    expect(unknown.status).toBe(404);
  });

  test("a rolled key keeps its expiry; the old secret lives for the overlap at most", async () => {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await call("POST", "/api/console/keys", {
      ...asMember(first),
      body: { name: "Expiring", environment: "sandbox", scopes: ["agent.read"], expiresAt },
    });
    expect(created.body.key.expiresAt).toBe(expiresAt);
    const rolled = await call("POST", `/api/console/keys/${created.body.key.id}/roll`, {
      ...asMember(first),
      body: { overlap: "1h" },
    });
    expect(rolled.status).toBe(200);
    expect(rolled.body.key).toMatchObject({ expiresAt, status: "expiring" });
    expect(Date.parse(rolled.body.previous.expiresAt)).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });

  test("changes need the console's own Origin, reads do not", async () => {
    const body = { name: "forged", environment: "sandbox", scopes: ["agent.read"] };
    for (const origin of ["https://evil.example", undefined]) {
      const headers: Record<string, string> = { cookie: first.cookie };
      if (origin) headers.origin = origin;
      const response = await call("POST", "/api/console/keys", { headers, body });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe("forbidden");
    }
    const read = await call("GET", "/api/console/keys?environment=sandbox", {
      headers: { cookie: first.cookie },
    });
    expect(read.status).toBe(200);
    expect(read.body.data.map((key: { name: string }) => key.name)).not.toContain("forged");
  });

  test("agents: a page of the organization's own, and 404 for another's", async () => {
    const key = await call("POST", "/api/console/keys", {
      ...asMember(first),
      body: { name: "agents", environment: "sandbox", scopes: ["agent.register"] },
    });
    const agent = await call("POST", "/agents", {
      key: key.body.secret,
      body: { name: "Scout", capabilities: ["search"] },
    });
    expect(agent.status).toBe(201);
    const page = await call(
      "GET",
      "/api/console/agents?environment=sandbox&limit=1",
      asMember(first),
    );
    expect(page.status).toBe(200);
    expect(page.body.data.map((item: { id: string }) => item.id)).toEqual([agent.body.id]);
    const detail = `/api/console/agents/${agent.body.id}`;
    expect((await call("GET", `${detail}?environment=sandbox`, asMember(first))).body.name).toBe(
      "Scout",
    );
    expect((await call("GET", `${detail}?environment=production`, asMember(first))).status).toBe(
      404,
    );
    expect((await call("GET", `${detail}?environment=sandbox`, asMember(second))).status).toBe(404);
    const theirs = await call("GET", "/api/console/agents?environment=sandbox", asMember(second));
    expect(theirs.body.data).toEqual([]);
  });

  test("other methods are a JSON 405", async () => {
    const response = await call("DELETE", "/api/console/keys", asMember(first));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
  });
});
