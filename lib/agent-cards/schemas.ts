import { z } from "zod";

/*
 * An A2A agent card (A2A 1.0, the shape @a2a-js/sdk's AgentCard reads), with two extensions of
 * this service: the agent's public keys and the x402 payments it accepts.
 */

export const AGENT_KEYS_EXTENSION = "urn:agent-settlement:a2a:agent-keys:v1";
export const X402_PAYMENTS_EXTENSION = "urn:agent-settlement:a2a:x402-payments:v1";

const ZAgentInterface = z.object({
  url: z.string(),
  protocolBinding: z.string(),
  tenant: z.string(),
  protocolVersion: z.string(),
});

const ZAgentExtension = z.object({
  uri: z.string(),
  description: z.string(),
  required: z.boolean(),
  params: z.record(z.string(), z.unknown()),
});

const ZAgentSkill = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  examples: z.array(z.string()),
  inputModes: z.array(z.string()),
  outputModes: z.array(z.string()),
  securityRequirements: z.array(z.unknown()),
});

export const ZAgentCard = z
  .object({
    name: z.string(),
    description: z.string(),
    supportedInterfaces: z.array(ZAgentInterface).meta({
      description: "The agent's own endpoint (`endpointUrl`), when it has one.",
    }),
    provider: z.object({ organization: z.string(), url: z.string() }),
    version: z.string(),
    documentationUrl: z.string(),
    capabilities: z.object({
      streaming: z.boolean(),
      pushNotifications: z.boolean(),
      extensions: z.array(ZAgentExtension).meta({
        description: `\`${AGENT_KEYS_EXTENSION}\`: the agent's active public keys (JWK with \`kid\` and \`alg\`); \`${X402_PAYMENTS_EXTENSION}\`: the x402 payments it accepts (scheme, network, payTo, facilitator).`,
      }),
    }),
    securitySchemes: z.record(z.string(), z.unknown()),
    securityRequirements: z.array(z.unknown()),
    defaultInputModes: z.array(z.string()),
    defaultOutputModes: z.array(z.string()),
    skills: z.array(ZAgentSkill).meta({ description: "One skill per capability of the agent." }),
    signatures: z.array(z.unknown()),
  })
  .meta({ id: "AgentCard" });

export type TAgentCard = z.infer<typeof ZAgentCard>;
