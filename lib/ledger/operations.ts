import { ZAgentParams } from "@/lib/agents/schemas";
import { defineOperation } from "@/lib/http/operation";
import { ZFundWalletBody, ZWallet, ZWalletQuery } from "./schemas";

const tag = "Agents";

export const getWalletOperation = defineOperation({
  operationId: "getAgentWallet",
  method: "get",
  path: "/agents/{id}/wallet",
  summary: "An agent's balances and ledger entries",
  description:
    "The agent's balance in each currency it ever held on the ledger rail, and its ledger entries, newest first (paged with `cursor`). An agent token reads only its own agent's wallet.",
  tag,
  scope: "agent.read",
  params: ZAgentParams,
  query: ZWalletQuery,
  response: ZWallet,
  status: 200,
  errors: ["not_found"],
});

export const fundWalletOperation = defineOperation({
  operationId: "fundAgentWallet",
  method: "post",
  path: "/agents/{id}/wallet/fund",
  summary: "Fund an agent's wallet (sandbox only)",
  description:
    "Sandbox only: moves test money from outside into the agent's ledger wallet, so it can pay on the `ledger` rail. Needs `settlement.create`, the scope that commits money. In production, money comes from a real rail: 403.",
  tag,
  scope: "settlement.create",
  sandboxOnly: true,
  params: ZAgentParams,
  body: ZFundWalletBody,
  response: ZWallet,
  status: 200,
  errors: ["not_found", "forbidden"],
});

export const walletOperations = [getWalletOperation, fundWalletOperation];
