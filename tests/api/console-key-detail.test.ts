import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { call, eventually } from "../support/api";
import { consoleOrigin, signedUpMember, type TMember } from "../support/console-session";
import { expectError } from "../support/expect-error";
import { removeOrganization } from "../support/tenant";
import { tenantRows } from "../support/tenant-rows";

const asMember = (who: TMember, origin = consoleOrigin()) => ({
  headers: { cookie: who.cookie, origin },
});

const createKey = (who: TMember, body: Record<string, unknown>) =>
  call("POST", "/api/console/keys", {
    ...asMember(who),
    body: {
      name: "Detail",
      environment: "sandbox",
      scopes: ["agent.read", "agent.register"],
      ...body,
    },
  });

/** Waits until the key's requests are in the log. */
const loggedFor = (keyId: string, count: number) =>
  eventually(async () => {
    const logs = await call(
      "GET",
      `/api/console/request-logs?environment=sandbox&keyId=${keyId}`,
      asMember(member),
    );
    expect(logs.body.data).toHaveLength(count);
  }, 15_000);

let member: TMember;
let other: TMember;
beforeAll(async () => {
  [member, other] = await Promise.all([signedUpMember(), signedUpMember()]);
});
afterAll(async () => {
  for (const who of [member, other]) if (who) await removeOrganization(who.organizationId);
});

describe("key detail", () => {
  test("shows the key, every scope, and its requests per day by status class", async () => {
    const created = await createKey(member, {});
    expect(created.status).toBe(201);
    const { key, secret } = created.body;
    expect((await call("GET", "/agents", { key: secret })).status).toBe(200);
    expect((await call("GET", "/agents/agt-0000000000000000", { key: secret })).status).toBe(404);
    // agent.update is not among its scopes.
    expect(
      (await call("PATCH", `/agents/agt-0000000000000000`, { key: secret, body: {} })).status,
    ).toBe(403);
    const today = new Date().toISOString().slice(0, 10);
    const detail = await eventually(async () => {
      const response = await call("GET", `/api/console/keys/${key.id}?days=7`, asMember(member));
      expect(response.status).toBe(200);
      expect(response.body.usage.at(-1)).toEqual({
        day: today,
        success: 1,
        clientError: 2,
        serverError: 0,
      });
      return response.body;
    }, 15_000);
    expect(detail.key).toMatchObject({
      id: key.id,
      name: "Detail",
      scopes: ["agent.read", "agent.register"],
      status: "active",
      expiresAt: null,
    });
    expect(JSON.stringify(detail)).not.toContain(secret);
    expect(detail.usage).toHaveLength(7);
    expect(detail.usage.slice(0, 6).every((day: any) => day.success + day.clientError === 0)).toBe(
      true,
    );
  });

  test("a bad days value is a 400; an unknown key is a 404", async () => {
    const created = await createKey(member, {});
    expectError(
      await call("GET", `/api/console/keys/${created.body.key.id}?days=91`, asMember(member)),
      400,
      "invalid_request",
      "days",
    );
    expectError(
      await call("GET", "/api/console/keys/key-0000000000000000", asMember(member)),
      404,
      "not_found",
    );
  });
});

describe("rename", () => {
  test("renames the key; the secret keeps working", async () => {
    const created = await createKey(member, { name: "Old name" });
    const renamed = await call("PATCH", `/api/console/keys/${created.body.key.id}`, {
      ...asMember(member),
      body: { name: "  New name  " },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: created.body.key.id, name: "New name" });
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, created.body.key.id));
    expect(row!.name).toBe("New name");
    expect(row!.hash).not.toBe("");
    expect((await call("GET", "/agents", { key: created.body.secret })).status).toBe(200);
  });

  test.each([
    [{ name: "" }, "name"],
    [{ name: "x".repeat(101) }, "name"],
    [{}, "name"],
    [{ name: "ok", scopes: ["agent.read"] }, "scopes"],
  ])("a bad body %j is a 400 on %s and changes nothing", async (body, param) => {
    const created = await createKey(member, { name: "Unchanged" });
    const before = await tenantRows(member.organizationId);
    const response = await call("PATCH", `/api/console/keys/${created.body.key.id}`, {
      ...asMember(member),
      body,
    });
    expectError(response, 400, "invalid_request", param);
    expect(await tenantRows(member.organizationId)).toEqual(before);
  });

  test("another organization's key is a 404 and stays as it was; a foreign origin is a 403", async () => {
    const created = await createKey(member, { name: "Mine" });
    const foreign = await call("PATCH", `/api/console/keys/${created.body.key.id}`, {
      ...asMember(other),
      body: { name: "Stolen" },
    });
    expectError(foreign, 404, "not_found");
    const crossSite = await call("PATCH", `/api/console/keys/${created.body.key.id}`, {
      ...asMember(member, "https://evil.example"),
      body: { name: "Stolen" },
    });
    expectError(crossSite, 403, "forbidden");
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, created.body.key.id));
    expect(row!.name).toBe("Mine");
  });
});

describe("expiry chosen at creation", () => {
  test("a key works until its expiry, then is refused like a revoked one, with a clear error", async () => {
    const expiresAt = new Date(Date.now() + 2_500).toISOString();
    const created = await createKey(member, { expiresAt });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatchObject({ status: "expiring", expiresAt });
    expect((await call("GET", "/agents", { key: created.body.secret })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(expiresAt) - Date.now() + 50));
    const refused = await call("GET", "/agents", { key: created.body.secret });
    const error = expectError(refused, 401, "unauthorized");
    expect(error.message).toMatch(/expired/);
    const detail = await call("GET", `/api/console/keys/${created.body.key.id}`, asMember(member));
    expect(detail.body.key.status).toBe("expired");
    // The refused request names no organization, so only the first one is logged.
    await loggedFor(created.body.key.id, 1);
  });

  test("no expiry means never", async () => {
    const created = await createKey(member, { expiresAt: null });
    expect(created.body.key).toMatchObject({ status: "active", expiresAt: null });
  });

  test.each([
    [new Date(Date.now() - 60_000).toISOString(), /future/],
    [new Date(Date.now() + 6 * 365 * 86_400_000).toISOString(), /five years/],
    ["next tuesday", /ISO 8601/],
    [1_900_000_000, /./],
  ])("expiresAt %j is a 400 on expiresAt and creates no key", async (expiresAt, message) => {
    const before = await tenantRows(member.organizationId);
    const response = await createKey(member, { expiresAt });
    const error = expectError(response, 400, "invalid_request", "expiresAt");
    expect(error.message).toMatch(message);
    expect(await tenantRows(member.organizationId)).toEqual(before);
  });
});
