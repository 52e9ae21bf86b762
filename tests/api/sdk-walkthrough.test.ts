import { generateKeyPairSync } from "node:crypto";
import {
  AgentSettlementError,
  agreementPayloadText,
  createClient,
  type TAgentSettlementClient,
  verifyReceiptBundle,
} from "@agent-settlement/sdk";
import { CompactSign } from "jose";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import {
  type TCheckedResponse,
  validatingFetch,
  webhookBodyProblem,
} from "../support/openapi-responses";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
let client: TAgentSettlementClient;
let checked: TCheckedResponse[];

beforeAll(async () => {
  tenant = await seedTenant();
  const validating = validatingFetch("/sandbox/v1");
  checked = validating.checked;
  client = createClient({
    apiKey: tenant.keys.sandbox,
    baseUrl: inject("baseUrl"),
    fetch: validating.fetch,
  });
});
afterAll(async () => {
  await tenant?.remove();
});

// The README's walkthrough, as an agent developer writes it with the SDK: no casts, no `any`.
describe("the README walkthrough through the SDK", () => {
  test("register, discover, negotiate, settle, and verify the receipt offline", async () => {
    const translator = await client.agents.create({
      name: "Translator",
      capabilities: ["translation"],
      description: "Translates legal text",
    });
    const buyer = await client.agents.create({ name: "Buyer", capabilities: ["procurement"] });
    expect(translator).toMatchObject({ name: "Translator", capabilities: ["translation"] });

    const listed = await client.agents.list({ limit: 10 });
    expect(listed.data.map((agent) => agent.id)).toEqual([buyer.id, translator.id]);
    const found = await client.agents.discover({ q: "legal", capability: "translation" });
    expect(found.data.map((agent) => agent.id)).toContain(translator.id);

    const refused: unknown = await client.agents.create({ name: "" }).catch((error) => error);
    if (!(refused instanceof AgentSettlementError)) throw new Error(`not refused: ${refused}`);
    expect(refused).toMatchObject({ status: 400, code: "invalid_request", param: "name" });
    expect(refused.requestId).toMatch(/^req-/);

    const negotiation = await client.negotiations.create({
      initiatorAgentId: buyer.id,
      responders: [translator.id],
      terms: { amount: { value: 2500, currency: "USD" } },
    });
    // The translator signs what it accepts with a key it registered (the private key stays with it).
    const { publicKey, privateKey } = generateKeyPairSync("ed25519");
    const agentKey = await client.agentKeys.add(translator.id, {
      jwk: publicKey.export({ format: "jwk" }) as Record<string, string>,
    });
    expect(agentKey).toMatchObject({
      agentId: translator.id,
      algorithm: "EdDSA",
      status: "active",
    });
    const statement = agreementPayloadText({
      negotiationId: negotiation.id,
      round: negotiation.round,
      action: "accept",
      terms: negotiation.terms,
    });
    const signature = await new CompactSign(new TextEncoder().encode(statement))
      .setProtectedHeader({ alg: "EdDSA", kid: agentKey.id })
      .sign(privateKey);
    const accepted = await client.negotiations.respond(negotiation.id, {
      agentId: translator.id,
      action: "accept",
      signature,
    });
    expect(accepted.status).toBe("accepted");
    const settlement = await client.settlements.create({ negotiationId: negotiation.id });
    const executed = await client.settlements.executeAndWait(settlement.id, { timeoutMs: 20_000 });
    expect(executed).toMatchObject({ id: settlement.id, status: "executed" });

    const [receipt] = (await client.receipts.list({ settlementId: settlement.id })).data;
    expect(receipt?.settlementId).toBe(settlement.id);

    // Offline: the bundle and the JWKS are all a third party needs (once the log has sealed it).
    const bundle = await client.receipts.sealedBundle(receipt!.id);
    const verification = await client.receipts.verify(receipt!.id, { includeEvidence: true });
    expect(verification.status).toBe("valid");
    const offline = await verifyReceiptBundle(bundle, await client.jwks());
    expect(offline.status).toBe("valid");
    expect(offline.checks.map((check) => check.name)).toEqual([
      "schema",
      "evidence_chain",
      "attest_hash",
      "terms",
      "policy",
      "agreement",
      "signing_keys",
      "inclusion",
      "tree_head_signature",
      "tree_head_key_window",
    ]);
    const tampered = { ...bundle, amount: { ...bundle.amount, value: bundle.amount.value + 1 } };
    expect((await verifyReceiptBundle(tampered, await client.jwks())).status).toBe("invalid");

    // A list call is its first page when awaited, and every item when iterated or collected.
    const firstPage = await client.agents.list({ limit: 1 });
    expect(firstPage).toMatchObject({ data: [{ id: buyer.id }], hasMore: true });
    const everyAgent: string[] = [];
    for await (const agent of client.agents.list({ limit: 1 })) everyAgent.push(agent.id);
    expect(everyAgent).toEqual([buyer.id, translator.id]);
    const collected = await client.agents.list({ limit: 1 }).toArray({ limit: 10 });
    expect(collected.map((agent) => agent.id)).toEqual([buyer.id, translator.id]);
    const bounded = await client.agents.list({ limit: 1 }).toArray({ limit: 1 });
    expect(bounded.map((agent) => agent.id)).toEqual([buyer.id]);
    await expect(client.agents.list().toArray({ limit: 10_001 })).rejects.toMatchObject({
      code: "invalid_client_options",
      param: "limit",
    });

    // Each event the walkthrough caused has the shape the document's webhooks section declares,
    // and its type narrows data.object (a type error here if events were untyped).
    const events: { type: string; problem: string | null }[] = [];
    for await (const event of client.events.list({ limit: 100 })) {
      events.push({ type: event.type, problem: webhookBodyProblem(event.type, event) });
      if (event.type === "settlement.executed") {
        expect(event.data.object.status).toBe("executed");
        const same = await client.events.get(event.id);
        expect(same.type === "settlement.executed" && same.data.object.id).toBe(
          event.data.object.id,
        );
      }
    }
    expect(new Set(events.map((event) => event.type))).toEqual(
      new Set([
        "agent.registered",
        "negotiation.created",
        "negotiation.accepted",
        "settlement.created",
        "settlement.executed",
        "receipt.created",
      ]),
    );
    expect(events.filter((event) => event.problem !== null)).toEqual([]);

    // Every answer above matched the response schema the OpenAPI document declares for it.
    expect(checked.filter((entry) => entry.problem !== null)).toEqual([]);
    expect(checked.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual(
      expect.arrayContaining([
        "post /agents 201",
        "post /agents 400",
        "get /agents 200",
        "get /agents/discover 200",
        "post /negotiations 201",
        "post /negotiations/{id}/respond 200",
        "post /settlements 201",
        "post /settlements/{id}/execute 200",
        "get /receipts 200",
        "post /receipts/{id}/verify 200",
        "get /receipts/{id}/bundle 200",
      ]),
    );
  });
});
