import { allScopes } from "@/lib/auth/scopes";
import { createApiKey } from "@/lib/keys/create-key";
import { createOrganization } from "@/lib/orgs/create-organization";
import { jsonClient } from "./json-client";
import { pool } from "./pool";

// biome-ignore lint/suspicious/noExplicitAny: API responses, read field by field in a script
export type TJson = Record<string, any>;

/** A sandbox key of a fresh Enterprise organization in this process's database. */
export async function settlementKey(): Promise<string> {
  const organization = await createOrganization({ name: "bench", plan: "enterprise" });
  const { secret } = await createApiKey({
    organizationId: organization.id,
    environment: "sandbox",
    name: "bench",
    scopes: allScopes,
  });
  return secret;
}

/** The sandbox API on `baseUrl` with `key`, failing on any non-2xx. */
export function sandboxApi(baseUrl: string, key: string) {
  const call = jsonClient(`${baseUrl}/sandbox/v1`, { authorization: `Bearer ${key}` });
  return async (method: string, path: string, body?: unknown) => {
    const { status, json } = await call<TJson>(method, path, body);
    if (status >= 300) throw new Error(`${method} ${path} → ${status} ${JSON.stringify(json)}`);
    return json;
  };
}

export type TSandboxApi = ReturnType<typeof sandboxApi>;

/** Forty agents: twenty payers and twenty payees for `pendingSettlements`. */
export const dealAgents = (api: TSandboxApi) =>
  pool(40, 8, () => api("POST", "/agents", { name: "bench" }));

/**
 * `count` pending settlements on the sandbox rail, each of its own accepted negotiation
 * between one of the twenty payers and one of the twenty payees of `agents` (register,
 * negotiate, accept, settle: what a benchmark prepares before it measures the execute calls).
 */
export const pendingSettlements = (api: TSandboxApi, agents: TJson[], count: number) =>
  pool(count, 32, async (index) => {
    const negotiation = await api("POST", "/negotiations", {
      initiatorAgentId: agents[index % 20]!.id,
      responders: [agents[20 + (index % 20)]!.id],
      terms: { amount: { value: 1000 + (index % 500), currency: "USD" } },
    });
    await api("POST", `/negotiations/${negotiation.id}/respond`, {
      agentId: agents[20 + (index % 20)]!.id,
      action: "accept",
    });
    const settlement = await api("POST", "/settlements", { negotiationId: negotiation.id });
    return settlement.id as string;
  });
