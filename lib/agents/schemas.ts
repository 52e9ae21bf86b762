import { z } from "zod";
import { agentStatuses } from "@/db/schema";
import { ZListQuery } from "@/lib/http/pagination";
import { ZMandate, ZMandateInput } from "@/lib/mandates/schemas";

export const ZAgentId = z
  .string()
  .max(64)
  .meta({ description: "Agent id.", example: "agent-4fZq1c9TnW2bX0aK" });

const ZCapability = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, "use 1-64 lowercase letters, digits, '.', '_' or '-'")
  .meta({ example: "translation" });

export const ZMetadata = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((value) => Object.keys(value).length <= 50, "at most 50 keys")
  .meta({
    id: "Metadata",
    description:
      "Up to 50 string key-value pairs for your own use (keys ≤ 40 characters, values ≤ 500).",
  });

const ZHttpUrl = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .meta({
    description: "Where the agent can be reached (http or https).",
    example: "https://agents.example.com/translator",
  });

const agentFields = {
  name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .meta({ description: "The agent's display name.", example: "Translator" }),
  description: z
    .string()
    .max(2000)
    .nullable()
    .meta({ description: "What the agent does, in a sentence or two." }),
  capabilities: z
    .array(ZCapability)
    .max(50)
    .refine((list) => new Set(list).size === list.length, "must be unique")
    .meta({ description: "What the agent can do, as words that discover matches (unique)." }),
  endpointUrl: ZHttpUrl.nullable().meta({ description: "Where the agent can be reached." }),
  discoverable: z
    .boolean()
    .meta({ description: "Whether other organizations can find it with discover." }),
  metadata: ZMetadata,
};

export const ZCreateAgentBody = z
  .strictObject({
    name: agentFields.name,
    description: agentFields.description.optional(),
    capabilities: agentFields.capabilities.optional(),
    endpointUrl: agentFields.endpointUrl.optional(),
    discoverable: agentFields.discoverable.optional(),
    metadata: agentFields.metadata.optional(),
  })
  .meta({ id: "CreateAgentRequest" });

export const ZUpdateAgentBody = z
  .strictObject({
    ...ZCreateAgentBody.partial().shape,
    status: z
      .enum(agentStatuses)
      .optional()
      .meta({ description: "A suspended agent cannot negotiate." }),
    mandate: ZMandateInput.nullable()
      .optional()
      .meta({
        description:
          "The agent's spending mandate (needs an API key: an agent token cannot change its own); null removes it.",
        example: {
          limits: [{ currency: "USD", perSettlement: 50_000, perDay: 200_000 }],
          allowedCounterparties: null,
          expiresAt: "2027-06-30T00:00:00.000Z",
        },
      }),
  })
  .meta({ id: "UpdateAgentRequest" });

export const ZAgent = z
  .object({
    id: ZAgentId,
    name: z.string(),
    description: z.string().nullable(),
    capabilities: z.array(z.string()),
    endpointUrl: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
    status: z.enum(agentStatuses),
    discoverable: z.boolean(),
    mandate: ZMandate.nullable().meta({
      description: "The spending mandate its organization set, null for none.",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Agent" });

export const ZListAgentsQuery = z
  .strictObject({
    ...ZListQuery.shape,
    capability: ZCapability.optional().meta({ description: "Only agents with this capability." }),
    status: z.enum(agentStatuses).optional().meta({ description: "Only agents in this status." }),
    q: z.string().trim().min(1).max(200).optional().meta({
      description: "Only agents whose name or description contains this text, ignoring case.",
    }),
  })
  .meta({ id: "ListAgentsQuery" });

export const ZDiscoverAgentsQuery = z
  .strictObject({
    ...ZListQuery.shape,
    capability: ZCapability.optional().meta({ description: "Only agents with this capability." }),
    q: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: "Words to look for in name and description." }),
  })
  .meta({ id: "DiscoverAgentsQuery" });

export const ZDiscoveredAgent = z
  .object({
    id: ZAgentId,
    name: z.string(),
    description: z.string().nullable(),
    capabilities: z.array(z.string()),
    endpointUrl: z.string().nullable(),
    score: z.number().meta({ description: "Relevance; higher is better." }),
  })
  .meta({ id: "DiscoveredAgent" });

export const ZAgentParams = z.object({ id: ZAgentId });

export type TAgent = z.infer<typeof ZAgent>;
export type TCreateAgentBody = z.infer<typeof ZCreateAgentBody>;
export type TUpdateAgentBody = z.infer<typeof ZUpdateAgentBody>;
