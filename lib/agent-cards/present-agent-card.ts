import type { TAgentKeyRow, TAgentRow } from "@/db/schema";
import { basePaths } from "@/lib/environment";
import { X402_SCHEME, x402Network } from "@/lib/x402/payment-statement";
import { AGENT_KEYS_EXTENSION, type TAgentCard, X402_PAYMENTS_EXTENSION } from "./schemas";

const JSON_MODE = "application/json";

/** The A2A card of an agent: who it is, where it listens, what it does, its keys, how to pay it. */
export function presentAgentCard({
  agent,
  organizationName,
  keys,
  origin,
}: {
  agent: TAgentRow;
  organizationName: string;
  keys: TAgentKeyRow[];
  origin: string;
}): TAgentCard {
  const description =
    agent.description ?? `${agent.name}, an agent on the Agent Settlement Service.`;
  return {
    name: agent.name,
    description,
    supportedInterfaces: agent.endpointUrl
      ? [{ url: agent.endpointUrl, protocolBinding: "JSONRPC", tenant: "", protocolVersion: "1.0" }]
      : [],
    provider: { organization: organizationName, url: origin },
    version: agent.updatedAt.toISOString(),
    documentationUrl: `${origin}/docs/api`,
    capabilities: {
      streaming: false,
      pushNotifications: false,
      extensions: [
        {
          uri: AGENT_KEYS_EXTENSION,
          description: "The public keys the agent signs agreements and x402 payments with.",
          required: false,
          params: {
            keys: keys.map((key) => ({ ...key.publicJwk, kid: key.id, alg: key.algorithm })),
          },
        },
        {
          uri: X402_PAYMENTS_EXTENSION,
          description: "x402 payments the agent accepts, settled by this service's facilitator.",
          required: false,
          params: {
            accepts: [
              { scheme: X402_SCHEME, network: x402Network(agent.environment), payTo: agent.id },
            ],
            facilitator: `${origin}${basePaths[agent.environment]}/x402`,
          },
        },
      ],
    },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: [JSON_MODE],
    defaultOutputModes: [JSON_MODE],
    skills: agent.capabilities.map((capability) => ({
      id: capability,
      name: capability,
      description: `${agent.name} offers ${capability}.`,
      tags: [capability],
      examples: [],
      inputModes: [JSON_MODE],
      outputModes: [JSON_MODE],
      securityRequirements: [],
    })),
    signatures: [],
  };
}
