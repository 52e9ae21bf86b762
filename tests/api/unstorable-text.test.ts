import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { users } from "@/db/schema";
import { call } from "../support/api";
import { consoleCall, removeMembers } from "../support/console-calls";
import { consoleOrigin, signedUpMember } from "../support/console-session";
import { pendingSettlement, settled } from "../support/deals";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";
import { restingTenantRows, tenantRows } from "../support/tenant-rows";

let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

const key = () => tenant.keys.sandbox;
const nul = "before\u0000after";
const loneSurrogate = "before\ud800after";

describe.each([
  { kind: "NUL", text: nul },
  { kind: "a lone surrogate", text: loneSurrogate },
])("text with $kind", ({ text }) => {
  test("is 400 naming the field on every kind of write, and nothing changes", async () => {
    const deal = await pendingSettlement(key());
    const before = await tenantRows(tenant.organizationId);
    const cases: [string, string, unknown, string][] = [
      ["POST", "/agents", { name: text }, "name"],
      ["POST", "/agents", { name: "Ok", metadata: { [text]: "v" } }, `metadata.${text}`],
      ["POST", "/agents", { name: "Ok", capabilities: ["ok", text] }, "capabilities.1"],
      ["PATCH", `/agents/${deal.payer}`, { description: text }, "description"],
      [
        "POST",
        `/negotiations/${deal.negotiation.id}/respond`,
        { agentId: deal.payee, action: "reject", message: text },
        "message",
      ],
      ["POST", `/settlements/${deal.settlement.id}/dispute`, { reason: text }, "reason"],
    ];
    for (const [method, path, body, param] of cases) {
      expectError(await call(method, path, { key: key(), body }), 400, "invalid_request", param);
    }
    expect(await tenantRows(tenant.organizationId)).toEqual(before);
  });
});

test("a reverse whose reason cannot be stored is refused before the money moves back", async () => {
  const deal = await pendingSettlement(key());
  await call("POST", `/settlements/${deal.settlement.id}/execute`, { key: key() });
  expect((await settled(key(), deal.settlement.id)).status).toBe("executed");
  // Its receipt seals in the background: the rows compared are those at rest.
  const before = await restingTenantRows(tenant.organizationId);
  for (const reason of [nul, loneSurrogate]) {
    const refused = await call("POST", `/settlements/${deal.settlement.id}/reverse`, {
      key: key(),
      body: { reason },
    });
    expectError(refused, 400, "invalid_request", "reason");
  }
  expect(await tenantRows(tenant.organizationId)).toEqual(before);
  const reversed = await call("POST", `/settlements/${deal.settlement.id}/reverse`, {
    key: key(),
    body: { reason: "refund" },
  });
  expect(reversed.body).toMatchObject({ status: "reversed", reason: "refund" });
});

test("path ids and query values with NUL are 400, not a server error", async () => {
  expectError(await call("GET", "/agents/agent-%00", { key: key() }), 400, "invalid_request", "id");
  expectError(
    await call("GET", "/settlements?negotiationId=neg-%00", { key: key() }),
    400,
    "invalid_request",
    "negotiationId",
  );
});

test("a body that is not valid UTF-8 is 400", async () => {
  const invalidUtf8 = Buffer.concat([
    Buffer.from('{"name":"'),
    Buffer.from([0xc3, 0x28]),
    Buffer.from('"}'),
  ]);
  const response = await fetch(`${inject("baseUrl")}/sandbox/v1/agents`, {
    method: "POST",
    headers: { authorization: `Bearer ${key()}`, "content-type": "application/json" },
    body: invalidUtf8,
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({
    error: { code: "invalid_request", param: "body" },
  });
});

test("console sign-up refuses text it cannot store, and creates no user", async () => {
  const tag = randomBytes(5).toString("hex");
  const email = `nul.${tag}@example.test`;
  const response = await fetch(`${consoleOrigin()}/api/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: consoleOrigin() },
    body: JSON.stringify({
      name: nul,
      email,
      password: `long enough ${tag}`,
      organizationName: "Org",
    }),
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({
    error: { code: "invalid_request", param: "name" },
  });
  const [created] = await db.select({ n: count() }).from(users).where(eq(users.email, email));
  expect(created!.n).toBe(0);
});

test("console reads and writes refuse a path or query value that cannot be stored", async () => {
  const farFutureCursor = Buffer.from(JSON.stringify([1e20, "x"])).toString("base64url");
  const owner = await signedUpMember();
  try {
    const cases: [string, string, string][] = [
      ["GET", "/api/console/keys/%00", "id"],
      ["GET", "/api/console/agents/agent-%00?environment=sandbox", "id"],
      ["PATCH", "/api/console/agents/agent-%00?environment=sandbox", "id"],
      ["GET", "/api/console/events?environment=sandbox&objectId=a%00", "objectId"],
      ["GET", `/api/console/events?environment=sandbox&cursor=${farFutureCursor}`, "cursor"],
    ];
    for (const [method, path, param] of cases) {
      const body = method === "GET" ? undefined : { name: "Renamed" };
      const answer = await consoleCall(owner, method, path, body);
      expectError(answer, 400, "invalid_request", param);
    }
  } finally {
    await removeMembers([owner]);
  }
});
