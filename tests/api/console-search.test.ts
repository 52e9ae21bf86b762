import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allScopes } from "@/lib/auth/scopes";
import { createApiKey } from "@/lib/keys/create-key";
import { call } from "../support/api";
import { consoleOrigin, signedUpMember, type TMember } from "../support/console-session";
import { agentOf, negotiate } from "../support/deals";
import { expectError } from "../support/expect-error";
import { removeOrganization } from "../support/tenant";

const search = (who: TMember, q: string, environment = "sandbox") =>
  call("GET", `/api/console/search?environment=${environment}&q=${encodeURIComponent(q)}`, {
    headers: { cookie: who.cookie, origin: consoleOrigin() },
  });

/** The ids a search finds. */
const found = async (who: TMember, q: string, environment?: string) => {
  const response = await search(who, q, environment);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.data as { id: string }[]).map((row) => row.id);
};

let payerOrg: TMember;
let payeeOrg: TMember;
let stranger: TMember;
const ids: Record<string, string> = {};

beforeAll(async () => {
  [payerOrg, payeeOrg, stranger] = await Promise.all([
    signedUpMember(),
    signedUpMember(),
    signedUpMember(),
  ]);
  const keyOf = async (who: TMember) => {
    const created = await createApiKey({
      organizationId: who.organizationId,
      environment: "sandbox",
      name: "Search runner",
      scopes: allScopes,
    });
    return { id: created.key.id, secret: created.secret };
  };
  const [payerKey, payeeKey] = await Promise.all([keyOf(payerOrg), keyOf(payeeOrg)]);
  ids.key = payerKey.id;
  ids.payer = await agentOf(payerKey.secret, { name: "Searching payer" });
  ids.payee = await agentOf(payeeKey.secret, { name: "Searched payee" });
  const negotiation = await negotiate(payerKey.secret, {
    initiatorAgentId: ids.payer,
    responders: [ids.payee],
    terms: { amount: { value: 700, currency: "USD" } },
  });
  ids.negotiation = negotiation.id;
  const accepted = await call("POST", `/negotiations/${negotiation.id}/respond`, {
    key: payeeKey.secret,
    body: { agentId: ids.payee, action: "accept" },
  });
  expect(accepted.body.status).toBe("accepted");
  const settlement = await call("POST", "/settlements", {
    key: payerKey.secret,
    body: { negotiationId: negotiation.id },
  });
  expect(settlement.status, JSON.stringify(settlement.body)).toBe(201);
  ids.settlement = settlement.body.id;
}, 60_000);

afterAll(async () => {
  for (const who of [payerOrg, payeeOrg, stranger])
    if (who) await removeOrganization(who.organizationId);
});

describe("the console's id search", () => {
  test("finds an id from any prefix of it, with its kind, label and console page", async () => {
    const response = await search(payerOrg, ids.payer!.slice(0, 9));
    expect(response.body.data).toContainEqual({
      kind: "Agent",
      id: ids.payer,
      label: "Searching payer",
      path: `/console/sandbox/agents/${ids.payer}`,
    });
    expect(await found(payerOrg, ids.settlement!)).toEqual([ids.settlement]);
    const negotiationFound = await search(payerOrg, ids.negotiation!.slice(0, 8));
    expect(negotiationFound.body.data).toContainEqual({
      kind: "Negotiation",
      id: ids.negotiation,
      label: null,
      path: `/console/sandbox/negotiations/${ids.negotiation}`,
    });
    expect(await found(payerOrg, ids.key!)).toEqual([ids.key]);
  });

  test("a counterparty finds the deal it is party to, not the other organization's agent", async () => {
    expect(await found(payeeOrg, ids.settlement!)).toEqual([ids.settlement]);
    expect(await found(payeeOrg, ids.negotiation!)).toEqual([ids.negotiation]);
    expect(await found(payeeOrg, ids.payer!)).toEqual([]);
    expect(await found(payeeOrg, ids.key!)).toEqual([]);
    expect(await found(payerOrg, ids.payee!)).toEqual([]);
  });

  test("another organization, and another environment, find nothing", async () => {
    for (const id of Object.values(ids)) {
      expect(await found(stranger, id)).toEqual([]);
      expect(await found(payerOrg, id, "production")).toEqual([]);
    }
  });

  test("text with no known prefix finds nothing; bad input is a 400 and no session is a 401", async () => {
    expect(await found(payerOrg, "stl")).toEqual([]);
    expect(await found(payerOrg, "nothing-here")).toEqual([]);
    expect(await found(payerOrg, "%-_")).toEqual([]);
    expectError(await search(payerOrg, ""), 400, "invalid_request", "q");
    expectError(await search(payerOrg, "x".repeat(65)), 400, "invalid_request", "q");
    expectError(await search(payerOrg, "stl-\u0000"), 400, "invalid_request", "q");
    expectError(await search(payerOrg, "stl-", "staging"), 400, "invalid_request", "environment");
    const anonymous = await call("GET", "/api/console/search?environment=sandbox&q=stl-");
    expectError(anonymous, 401, "unauthorized");
  });
});
