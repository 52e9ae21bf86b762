import { type APIRequestContext, expect } from "@playwright/test";
import { callApi } from "./api";

/**
 * A full settlement through the public sandbox API, as an integrator runs it: two agents, a
 * negotiation, its acceptance, the settlement, its execution on the sandbox rail, and the wait
 * until the background job has executed it.
 */
export async function runSettlement(
  request: APIRequestContext,
  key: string,
  { value = 12_50, currency = "USD" }: { value?: number; currency?: string } = {},
) {
  const api = (method: string, path: string, body?: unknown) =>
    callApi(request, { method, path: `/sandbox/v1${path}`, key, body });
  const payer = await api("POST", "/agents", { name: "Buyer agent", capabilities: ["purchasing"] });
  expect(payer.status, JSON.stringify(payer.body)).toBe(201);
  const payee = await api("POST", "/agents", {
    name: "Seller agent",
    capabilities: ["translation"],
  });
  expect(payee.status).toBe(201);
  const negotiation = await api("POST", "/negotiations", {
    initiatorAgentId: payer.body.id,
    responders: [payee.body.id],
    terms: { amount: { value, currency }, description: "Translate 40 pages" },
  });
  expect(negotiation.status, JSON.stringify(negotiation.body)).toBe(201);
  const accepted = await api("POST", `/negotiations/${negotiation.body.id}/respond`, {
    agentId: payee.body.id,
    action: "accept",
  });
  expect(accepted.body.status).toBe("accepted");
  const settlement = await api("POST", "/settlements", { negotiationId: negotiation.body.id });
  expect(settlement.status, JSON.stringify(settlement.body)).toBe(201);
  const execute = await api("POST", `/settlements/${settlement.body.id}/execute`, {});
  expect(execute.status, JSON.stringify(execute.body)).toBe(202);
  let executed: Record<string, unknown> = {};
  await expect(async () => {
    executed = (await api("GET", `/settlements/${settlement.body.id}`)).body;
    expect(executed.status).toBe("executed");
  }).toPass({ timeout: 20_000 });
  return {
    payerId: payer.body.id as string,
    payeeId: payee.body.id as string,
    negotiationId: negotiation.body.id as string,
    settlementId: settlement.body.id as string,
    externalRef: executed.externalRef as string,
  };
}
