import { ZAgentParams } from "@/lib/agents/schemas";
import { defineOperation } from "@/lib/http/operation";
import { ZAgentCard } from "./schemas";

export const getAgentCardOperation = defineOperation({
  operationId: "getAgentCard",
  method: "get",
  path: "/agents/{id}/agent-card.json",
  summary: "A discoverable agent's A2A agent card",
  description:
    "Public, no key. The A2A (1.0) agent card of a discoverable agent: name, description, its endpoint, one skill per capability, its active public keys and the x402 payments it accepts (this service's facilitator, scheme `exact` on `agent-settlement:<environment>`), the last two as extensions. 404 for an agent that is not discoverable.",
  tag: "Agents",
  scope: null,
  params: ZAgentParams,
  response: ZAgentCard,
  status: 200,
  errors: ["not_found"],
});

export const agentCardOperations = [getAgentCardOperation];
