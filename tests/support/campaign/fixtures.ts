import { expect } from "vitest";
import { cosignCheckpoint, formatCheckpoint } from "@/lib/attest";
import { newSigningKey, registerKey } from "../agent-keys";
import { call, eventually } from "../api";
import {
  acceptedNegotiation,
  agentOf,
  openNegotiation,
  pendingSettlement,
  settled,
} from "../deals";
import { issueTestReceipt, sealAll } from "../receipts";
import type { TReceiver } from "../receiver";
import { leafHashOf } from "../rfc9162";
import { testWitness } from "../test-witness";

/** What a valid request of an operation needs: path parameters, a body and a query. */
export type TValidRequest = {
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
};

export type TWorld = { key: string; organizationId: string; receiver: TReceiver };

/** Seeds what one operation's request names, fresh for each call, and returns the request. */
export type TFixture = (world: TWorld) => Promise<TValidRequest>;

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const tag = () => Math.random().toString(36).slice(2, 10);

async function executedSettlement(key: string) {
  const { settlement } = await pendingSettlement(key);
  expect(
    (await call("POST", `/settlements/${settlement.id}/execute`, { key, body: {} })).status,
  ).toBe(202);
  await settled(key, settlement.id);
  return settlement.id as string;
}

async function webhook({ key, receiver }: TWorld, events = ["agent.registered"]) {
  const created = await call("POST", "/webhooks", {
    key,
    body: { url: `${receiver.origin}/campaign/${tag()}`, events, secret },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

async function sealedReceipt({ organizationId }: TWorld) {
  const receipt = await issueTestReceipt({ tenant: { organizationId, environment: "sandbox" } });
  await sealAll();
  return receipt;
}

/** One fixture per operation id; the campaign fails on an operation without one. */
export const fixtures: Record<string, TFixture> = {
  createAgent: async () => ({ body: { name: `Campaign ${tag()}` } }),
  getMe: async () => ({}),
  listAgents: async () => ({ query: { limit: "5" } }),
  discoverAgents: async () => ({ query: { limit: "5" } }),
  getAgent: async ({ key }) => ({ params: { id: await agentOf(key) } }),
  updateAgent: async ({ key }) => ({
    params: { id: await agentOf(key) },
    body: { name: "Renamed" },
  }),
  deleteAgent: async ({ key }) => ({ params: { id: await agentOf(key) } }),
  addAgentKey: async ({ key }) => ({
    params: { id: await agentOf(key) },
    body: { jwk: newSigningKey().publicJwk },
  }),
  listAgentKeys: async ({ key }) => ({ params: { id: await agentOf(key) }, query: { limit: "5" } }),
  revokeAgentKey: async ({ key }) => {
    const agentId = await agentOf(key);
    return { params: { id: agentId, keyId: await registerKey(key, agentId, newSigningKey()) } };
  },
  issueAgentToken: async ({ key }) => ({
    body: { agent_id: await agentOf(key), scopes: ["agent.read"] },
  }),
  revokeAgentTokens: async ({ key }) => ({ body: { agentId: await agentOf(key) } }),
  createNegotiation: async ({ key }) => ({
    body: {
      initiatorAgentId: await agentOf(key),
      responders: [await agentOf(key)],
      terms: { amount: { value: 1000, currency: "USD" } },
    },
  }),
  listNegotiations: async () => ({ query: { limit: "5" } }),
  getNegotiation: async ({ key }) => ({
    params: { id: (await openNegotiation(key)).negotiation.id },
  }),
  respondToNegotiation: async ({ key }) => {
    const { payee, negotiation } = await openNegotiation(key);
    return { params: { id: negotiation.id }, body: { agentId: payee, action: "accept" } };
  },
  createSettlement: async ({ key }) => ({
    body: { negotiationId: (await acceptedNegotiation(key)).negotiation.id },
  }),
  listSettlements: async () => ({ query: { limit: "5" } }),
  getSettlementStats: async () => ({ query: {} }),
  getSettlement: async ({ key }) => ({
    params: { id: (await pendingSettlement(key)).settlement.id },
  }),
  executeSettlement: async ({ key }) => ({
    params: { id: (await pendingSettlement(key)).settlement.id },
    body: {},
  }),
  reverseSettlement: async ({ key }) => ({
    params: { id: await executedSettlement(key) },
    body: { reason: "campaign" },
  }),
  disputeSettlement: async ({ key }) => ({
    params: { id: await executedSettlement(key) },
    body: { reason: "campaign" },
  }),
  createWebhook: async ({ receiver }) => ({
    body: { url: `${receiver.origin}/campaign/${tag()}`, events: ["agent.registered"], secret },
  }),
  listWebhooks: async () => ({ query: { limit: "5" } }),
  getWebhook: async (world) => ({ params: { id: await webhook(world) } }),
  updateWebhook: async (world) => ({
    params: { id: await webhook(world) },
    body: { description: "campaign" },
  }),
  deleteWebhook: async (world) => ({ params: { id: await webhook(world) } }),
  testWebhook: async (world) => ({ params: { id: await webhook(world) }, body: {} }),
  listWebhookDeliveries: async (world) => ({
    params: { id: await webhook(world) },
    query: { limit: "5" },
  }),
  retryWebhookDelivery: async (world) => {
    const id = await webhook(world);
    await agentOf(world.key);
    const delivery = await eventually(async () => {
      const listed = await call("GET", `/webhooks/${id}/deliveries`, { key: world.key });
      // A test delivery is never sent again: an event's delivery is.
      const done = listed.body.data.find(
        (row: { status: string; test: boolean }) => row.status !== "pending" && !row.test,
      );
      expect(done).toBeDefined();
      return done;
    }, 20_000);
    return { params: { id, deliveryId: delivery.id } };
  },
  listWebhookDeliveryAttempts: async (world) => {
    const id = await webhook(world);
    await agentOf(world.key);
    const delivery = await eventually(async () => {
      const listed = await call("GET", `/webhooks/${id}/deliveries`, { key: world.key });
      expect(listed.body.data[0]).toBeDefined();
      return listed.body.data[0];
    }, 20_000);
    return { params: { id, deliveryId: delivery.id } };
  },
  listEvents: async () => ({ query: { limit: "5" } }),
  getEvent: async ({ key }) => {
    await agentOf(key);
    const listed = await call("GET", "/events?limit=1", { key });
    return { params: { id: listed.body.data[0].id } };
  },
  resendEvent: async (world) => {
    const webhookId = await webhook(world);
    await agentOf(world.key);
    const listed = await call("GET", "/events?type=agent.registered&limit=1", { key: world.key });
    return { params: { id: listed.body.data[0].id }, body: { webhookId } };
  },
  listReceipts: async () => ({ query: { limit: "5" } }),
  getReceipt: async (world) => ({ params: { id: (await sealedReceipt(world)).id } }),
  getReceiptBundle: async (world) => ({ params: { id: (await sealedReceipt(world)).id } }),
  verifyReceipt: async (world) => ({ params: { id: (await sealedReceipt(world)).id }, body: {} }),
  attestVerify: async (world) => ({ body: { receiptId: (await sealedReceipt(world)).id } }),
  getEvidence: async (world) => {
    const receipt = await sealedReceipt(world);
    const fetched = await call("GET", `/receipts/${receipt.id}`, { key: world.key });
    return { params: { id: fetched.body.attest.proof.evidenceChain[0] } };
  },
  attestReplay: async (world) => ({ body: { receiptId: (await sealedReceipt(world)).id } }),
  getAgentWallet: async ({ key }) => ({
    params: { id: await agentOf(key) },
    query: { limit: "5" },
  }),
  fundAgentWallet: async ({ key }) => ({
    params: { id: await agentOf(key) },
    body: { amount: { value: 5000, currency: "USD" } },
  }),
  getLogCheckpoint: async (world) => {
    await sealedReceipt(world);
    return {};
  },
  getLogKeys: async (world) => {
    await sealedReceipt(world);
    return {};
  },
  getLogConsistencyProof: async (world) => {
    await sealedReceipt(world);
    return { query: { from: "1" } };
  },
  getLogInclusionProof: async (world) => {
    const { attestHash } = await sealedReceipt(world);
    const leafHash = leafHashOf(Buffer.from(attestHash.slice(2), "hex"));
    return { query: { leafHash: `0x${leafHash.toString("hex")}` } };
  },
  addLogCosignature: async (world) => {
    await sealedReceipt(world);
    const head = await call("GET", "/attest/log/checkpoint", {
      headers: { accept: "application/json" },
    });
    const checkpoint = formatCheckpoint(head.body);
    const cosignature = cosignCheckpoint({
      checkpoint,
      name: testWitness.name,
      privateKey: testWitness.privateKey,
      timestamp: BigInt(Math.floor(Date.now() / 1000)),
    });
    return { body: { checkpoint, cosignature } };
  },
  getLogTile: async (world) => {
    await sealedReceipt(world);
    return { params: { path: "0/000.p/1" } };
  },
  getAgentCard: async ({ key }) => ({ params: { id: await agentOf(key) } }),
  x402Supported: async () => ({}),
  x402Verify: async ({ key }) => ({ body: await x402PaymentRequest(key) }),
  x402Settle: async ({ key }) => ({ body: await x402PaymentRequest(key) }),
};

/** An x402 facilitator request to one of the key's agents; its payload is no payment. */
async function x402PaymentRequest(key: string) {
  const requirements = {
    scheme: "exact",
    network: "agent-settlement:sandbox",
    asset: "USD",
    amount: "100",
    payTo: await agentOf(key),
    maxTimeoutSeconds: 60,
    extra: {},
  };
  return {
    x402Version: 2,
    paymentPayload: { x402Version: 2, accepted: requirements, payload: { jws: "a.b.c" } },
    paymentRequirements: requirements,
  };
}
