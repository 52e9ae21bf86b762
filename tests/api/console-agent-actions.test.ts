import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call } from "../support/api";
import { consoleCall, removeMembers, sandboxKeyFor } from "../support/console-calls";
import { signedUpMember, type TMember } from "../support/console-session";
import { agentOf, openNegotiation } from "../support/deals";
import { expectError } from "../support/expect-error";
import { tenantRows } from "../support/tenant-rows";

let owner: TMember;
let stranger: TMember;
let key: string;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([signedUpMember(), signedUpMember()]);
  key = await sandboxKeyFor(owner);
});
afterAll(() => removeMembers([owner, stranger]));

const agentPath = (id: string, environment = "sandbox") =>
  `/api/console/agents/${id}?environment=${environment}`;

describe("PATCH /api/console/agents/:id", () => {
  test("edits name, description and capabilities as PATCH /v1 does; the API sees them", async () => {
    const agent = await agentOf(key, { name: "Before", capabilities: ["translation"] });
    const edited = await consoleCall(owner, "PATCH", agentPath(agent), {
      name: "After",
      description: "Translates contracts",
      capabilities: ["translation", "legal"],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      id: agent,
      name: "After",
      description: "Translates contracts",
      capabilities: ["translation", "legal"],
      status: "active",
    });
    const seen = await call("GET", `/agents/${agent}`, { key });
    expect(seen.body).toMatchObject({ name: "After", capabilities: ["translation", "legal"] });
  });

  test("suspends and resumes an agent", async () => {
    const agent = await agentOf(key);
    const suspended = await consoleCall(owner, "PATCH", agentPath(agent), { status: "suspended" });
    expect(suspended.body.status).toBe("suspended");
    expect((await call("GET", `/agents/${agent}`, { key })).body.status).toBe("suspended");
    const resumed = await consoleCall(owner, "PATCH", agentPath(agent), { status: "active" });
    expect(resumed.body.status).toBe("active");
  });

  test.each([
    ["a capability that is not a lowercase word", { capabilities: ["Not OK"] }, "capabilities.0"],
    ["an empty name", { name: "  " }, "name"],
    ["an unknown field", { colour: "red" }, "colour"],
    ["an unknown status", { status: "paused" }, "status"],
  ])("%s is a 400 that changes nothing", async (_, body, param) => {
    const agent = await agentOf(key, { name: "Unchanged" });
    const before = await tenantRows(owner.organizationId);
    expectError(
      await consoleCall(owner, "PATCH", agentPath(agent), body),
      400,
      "invalid_request",
      param,
    );
    expect(await tenantRows(owner.organizationId)).toEqual(before);
  });

  test("another organization's agent is a 404 and stays as it was", async () => {
    const agent = await agentOf(key, { name: "Mine" });
    expectError(
      await consoleCall(stranger, "PATCH", agentPath(agent), { name: "Taken" }),
      404,
      "not_found",
    );
    expect((await call("GET", `/agents/${agent}`, { key })).body.name).toBe("Mine");
  });
});

describe("DELETE /api/console/agents/:id", () => {
  test("deletes an agent; the API no longer finds it", async () => {
    const agent = await agentOf(key);
    const deleted = await consoleCall(owner, "DELETE", agentPath(agent));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: agent, deleted: true });
    expectError(await call("GET", `/agents/${agent}`, { key }), 404, "not_found");
  });

  test("an agent in an open negotiation is a 409 with the reason, and stays", async () => {
    const { payer } = await openNegotiation(key);
    const refused = expectError(
      await consoleCall(owner, "DELETE", agentPath(payer)),
      409,
      "conflict",
    );
    expect(refused.message).toContain("open negotiation");
    expect((await call("GET", `/agents/${payer}`, { key })).status).toBe(200);
  });

  test("another organization's agent is a 404 and stays", async () => {
    const agent = await agentOf(key);
    expectError(await consoleCall(stranger, "DELETE", agentPath(agent)), 404, "not_found");
    expect((await call("GET", `/agents/${agent}`, { key })).status).toBe(200);
  });
});

describe("the agent's wallet in the console", () => {
  const walletPath = (id: string, environment = "sandbox") =>
    `/api/console/agents/${id}/wallet?environment=${environment}`;
  const fundPath = (id: string, environment = "sandbox") =>
    `/api/console/agents/${id}/wallet/fund?environment=${environment}`;

  test("funding in sandbox shows in the console and in GET /v1/agents/:id/wallet alike", async () => {
    const agent = await agentOf(key);
    const empty = await consoleCall(owner, "GET", walletPath(agent));
    expect(empty.body).toEqual({
      agentId: agent,
      balances: [],
      entries: { data: [], cursor: null, hasMore: false },
    });
    const funded = await consoleCall(owner, "POST", fundPath(agent), {
      amount: { value: 12_345, currency: "USD" },
    });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    expect(funded.body.balances).toEqual([{ currency: "USD", balance: 12_345 }]);
    expect(funded.body.entries.data).toMatchObject([{ kind: "fund", amount: 12_345 }]);
    const viaApi = await call("GET", `/agents/${agent}/wallet`, { key });
    expect(viaApi.body).toEqual((await consoleCall(owner, "GET", walletPath(agent))).body);
  });

  test("funding in production is a 403 and writes nothing", async () => {
    const before = await tenantRows(owner.organizationId);
    const refused = expectError(
      await consoleCall(owner, "POST", fundPath("agent-0000000000000000", "production"), {
        amount: { value: 100, currency: "USD" },
      }),
      403,
      "forbidden",
    );
    expect(refused.message).toContain("sandbox");
    expect(await tenantRows(owner.organizationId)).toEqual(before);
  });

  test.each([
    ["a negative amount", { amount: { value: -5, currency: "USD" } }, "amount.value"],
    ["an unknown currency", { amount: { value: 5, currency: "XXX" } }, "amount.currency"],
    ["no amount", {}, "amount"],
  ])("%s is a 400 and the balance stays", async (_, body, param) => {
    const agent = await agentOf(key);
    expectError(
      await consoleCall(owner, "POST", fundPath(agent), body),
      400,
      "invalid_request",
      param,
    );
    expect((await call("GET", `/agents/${agent}/wallet`, { key })).body.balances).toEqual([]);
  });

  test("another organization's agent's wallet is a 404 to read and to fund", async () => {
    const agent = await agentOf(key);
    expectError(await consoleCall(stranger, "GET", walletPath(agent)), 404, "not_found");
    expectError(
      await consoleCall(stranger, "POST", fundPath(agent), {
        amount: { value: 100, currency: "USD" },
      }),
      404,
      "not_found",
    );
    expect((await call("GET", `/agents/${agent}/wallet`, { key })).body.balances).toEqual([]);
  });
});
