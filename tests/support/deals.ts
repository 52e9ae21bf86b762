import { expect } from "vitest";
import { call, eventually } from "./api";

type TServer = { baseUrl?: string };

/** Registers an agent through the API and returns its id. */
export async function agentOf(
  key: string,
  body: Record<string, unknown> = {},
  { baseUrl }: TServer = {},
): Promise<string> {
  const created = await call("POST", "/agents", { key, baseUrl, body: { name: "Agent", ...body } });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** Opens a negotiation through the API; expects 201. */
export async function negotiate(
  key: string,
  body: Record<string, unknown>,
  { baseUrl }: TServer = {},
) {
  const created = await call("POST", "/negotiations", { key, baseUrl, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/**
 * Who pays and who is paid; two new agents of the key's organization when not given.
 * `payeeKey`: the payee's organization's key, when it is another organization: the new payee
 * is its agent, and it accepts.
 */
type TDealAgents = { payer?: string; payee?: string; payeeKey?: string };

/** A negotiation between two agents: the payer offers, the payee has not answered. */
export async function openNegotiation(
  key: string,
  {
    value = 1000,
    currency = "USD",
    baseUrl,
    payeeKey = key,
    ...agents
  }: { value?: number; currency?: string } & TDealAgents & TServer = {},
) {
  const payer = agents.payer ?? (await agentOf(key, {}, { baseUrl }));
  const payee = agents.payee ?? (await agentOf(payeeKey, {}, { baseUrl }));
  const negotiation = await negotiate(
    key,
    { initiatorAgentId: payer, responders: [payee], terms: { amount: { value, currency } } },
    { baseUrl },
  );
  return { payer, payee, negotiation };
}

/** The same, accepted by the payee. */
export async function acceptedNegotiation(
  key: string,
  options: { value?: number; currency?: string } & TDealAgents & TServer = {},
) {
  const opened = await openNegotiation(key, options);
  const accepted = await call("POST", `/negotiations/${opened.negotiation.id}/respond`, {
    key: options.payeeKey ?? key,
    baseUrl: options.baseUrl,
    body: { agentId: opened.payee, action: "accept" },
  });
  expect(accepted.body.status).toBe("accepted");
  return opened;
}

/** An accepted negotiation between a payer and one payee, and its settlement. */
export async function pendingSettlement(
  key: string,
  {
    adapter,
    ...options
  }: { value?: number; currency?: string; adapter?: string } & TDealAgents & TServer = {},
) {
  const { baseUrl } = options;
  const { payer, payee, negotiation } = await acceptedNegotiation(key, options);
  const settlement = await call("POST", "/settlements", {
    key,
    baseUrl,
    body: { negotiationId: negotiation.id, ...(adapter ? { adapter } : {}) },
  });
  expect(settlement.status, JSON.stringify(settlement.body)).toBe(201);
  return { payer, payee, negotiation, settlement: settlement.body };
}

/** Waits until the background job (the embedded runner in the server) finishes the execution. */
export async function settled(
  key: string,
  settlementId: string,
  { timeoutMs = 15_000, baseUrl }: { timeoutMs?: number } & TServer = {},
) {
  return eventually(async () => {
    const current = await call("GET", `/settlements/${settlementId}`, { key, baseUrl });
    if (current.body.status === "executing") throw new Error(`${settlementId} still executing`);
    return current.body;
  }, timeoutMs);
}
