import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allScopes } from "@/lib/auth/scopes";
import { call, eventually } from "../support/api";
import { agentOf, negotiate, settled } from "../support/deals";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";
import { restingTenantRows, tenantRows } from "../support/tenant-rows";

let tenant: TTestTenant;
let payer: string;
let payee: string;
let outsider: string;
const tokens: Record<"payer" | "payee" | "outsider", string> = {
  payer: "",
  payee: "",
  outsider: "",
};
let negotiationId: string;

const key = () => tenant.keys.sandbox;
const tokenFor = async (agent: string) => {
  const issued = await call("POST", "/auth/token", {
    key: key(),
    body: { agent_id: agent, scopes: [...allScopes] },
  });
  expect(issued.status).toBe(201);
  return issued.body.token as string;
};

beforeAll(async () => {
  tenant = await seedTenant();
  payer = await agentOf(key(), { name: "Payer" });
  payee = await agentOf(key(), { name: "Payee" });
  outsider = await agentOf(key(), { name: "Outsider" });
  tokens.payer = await tokenFor(payer);
  tokens.payee = await tokenFor(payee);
  tokens.outsider = await tokenFor(outsider);
  const negotiation = await negotiate(key(), {
    initiatorAgentId: payer,
    responders: [payee],
    terms: { amount: { value: 900, currency: "USD" } },
  });
  negotiationId = negotiation.id;
  const accepted = await call("POST", `/negotiations/${negotiationId}/respond`, {
    key: tokens.payee,
    body: { action: "accept" },
  });
  expect(accepted.body.status).toBe("accepted");
});
afterAll(() => tenant.remove());

const as = (who: keyof typeof tokens, method: string, path: string, body?: unknown) =>
  call(method, path, { key: tokens[who], body });

describe("an agent token acts as its agent only", () => {
  test("on agents: itself, never another agent", async () => {
    const before = await tenantRows(tenant.organizationId);
    expectError(await as("outsider", "GET", `/agents/${payer}`), 403, "forbidden");
    expectError(
      await as("outsider", "PATCH", `/agents/${payer}`, { description: "taken over" }),
      403,
      "forbidden",
    );
    expectError(await as("outsider", "DELETE", `/agents/${payer}`), 403, "forbidden");
    expect(await tenantRows(tenant.organizationId)).toEqual(before);
    const own = await as("outsider", "PATCH", `/agents/${outsider}`, { description: "mine" });
    expect(own.body).toMatchObject({ id: outsider, description: "mine" });
  });

  test("a suspension is the organization's: its agent's token can neither lift nor set it", async () => {
    const suspended = await call("PATCH", `/agents/${outsider}`, {
      key: key(),
      body: { status: "suspended" },
    });
    expect(suspended.body.status).toBe("suspended");
    try {
      for (const status of ["active", "suspended"]) {
        const refused = await as("outsider", "PATCH", `/agents/${outsider}`, { status });
        expectError(refused, 403, "forbidden");
        expect(refused.body.error.message).toContain("needs an API key");
      }
      const read = await call("GET", `/agents/${outsider}`, { key: key() });
      expect(read.body.status).toBe("suspended");
    } finally {
      await call("PATCH", `/agents/${outsider}`, { key: key(), body: { status: "active" } });
    }
  });

  test("on settlements: only the payer settles and moves money, only parties read", async () => {
    const before = await tenantRows(tenant.organizationId);
    const refused = await as("outsider", "POST", "/settlements", { negotiationId });
    expect(refused.body.error.message).toContain("initiator");
    expectError(refused, 403, "forbidden");
    expectError(await as("payee", "POST", "/settlements", { negotiationId }), 403, "forbidden");
    expect(await tenantRows(tenant.organizationId)).toEqual(before);

    const created = await as("payer", "POST", "/settlements", { negotiationId });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const afterCreate = await tenantRows(tenant.organizationId);
    expectError(await as("outsider", "GET", `/settlements/${id}`), 403, "forbidden");
    expectError(await as("outsider", "POST", `/settlements/${id}/execute`), 403, "forbidden");
    expectError(await as("payee", "POST", `/settlements/${id}/execute`), 403, "forbidden");
    expect(await tenantRows(tenant.organizationId)).toEqual(afterCreate);
    expect((await as("payee", "GET", `/settlements/${id}`)).status).toBe(200);

    expect((await as("payer", "POST", `/settlements/${id}/execute`)).status).toBe(202);
    expect((await settled(key(), id)).status).toBe("executed");
    const receipt = await eventually(async () => {
      const listed = await call("GET", `/receipts?settlementId=${id}`, { key: key() });
      expect(listed.body.data).toHaveLength(1);
      return listed.body.data[0] as { id: string };
    });
    // The receipt seals in the background: the rows compared are those at rest.
    const afterExecute = await restingTenantRows(tenant.organizationId);
    expectError(await as("outsider", "POST", `/settlements/${id}/reverse`, {}), 403, "forbidden");
    expectError(await as("payee", "POST", `/settlements/${id}/reverse`, {}), 403, "forbidden");
    expectError(
      await as("outsider", "POST", `/settlements/${id}/dispute`, { reason: "not mine" }),
      403,
      "forbidden",
    );
    expectError(await as("outsider", "GET", `/receipts/${receipt.id}`), 403, "forbidden");
    expectError(await as("outsider", "GET", `/receipts/${receipt.id}/bundle`), 403, "forbidden");
    expectError(
      await as("outsider", "POST", `/receipts/${receipt.id}/verify`, {}),
      403,
      "forbidden",
    );
    expect(await tenantRows(tenant.organizationId)).toEqual(afterExecute);
    expect((await as("payee", "GET", `/receipts/${receipt.id}`)).status).toBe(200);
  });

  test("on negotiations: only a party's token reads one", async () => {
    const refused = await as("outsider", "GET", `/negotiations/${negotiationId}`);
    expectError(refused, 403, "forbidden");
    expect(refused.body.error.message).toContain("not a party to this negotiation");
    for (const party of ["payer", "payee"] as const) {
      const read = await as(party, "GET", `/negotiations/${negotiationId}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: negotiationId, initiatorAgentId: payer });
    }
  });

  test("operations on the whole organization need an API key", async () => {
    for (const [method, path] of [
      ["GET", "/webhooks"],
      ["POST", "/webhooks"],
      ["GET", "/events"],
      ["GET", "/settlements/stats"],
      ["GET", "/receipts"],
      ["POST", "/attest/verify"],
    ] as const) {
      const answer = await as("payer", method, path, method === "POST" ? {} : undefined);
      expectError(answer, 403, "forbidden");
      expect(answer.body.error.message).toContain("needs an API key");
    }
  });
});
