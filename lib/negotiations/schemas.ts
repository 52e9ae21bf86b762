import { z } from "zod";
import { negotiationStatuses } from "@/db/schema";
import { ZAgentId, ZMetadata } from "@/lib/agents/schemas";
import { signatureRequirements } from "@/lib/attest";
import { ZCreatedRange } from "@/lib/http/created-range";
import { ZListQuery } from "@/lib/http/pagination";
import { ZAmount, ZAmountValue, ZParty } from "@/lib/money/schemas";

export const ZNegotiationId = z
  .string()
  .max(64)
  .meta({ description: "Negotiation id.", example: "neg-7QzP0aK2fW9cX1bN" });

export const ZSplit = z
  .strictObject({ agentId: ZAgentId, amount: ZAmountValue })
  .meta({ id: "Split" });

export const ZTermsInput = z
  .strictObject({
    amount: ZAmount,
    splits: z.array(ZSplit).min(1).max(20).optional().meta({
      description:
        "Each responder's share, summing to the amount. Omitted: an equal split, allowed only when it divides evenly.",
    }),
    // Null is accepted so that a counter can send the very terms its signature covers.
    description: z
      .string()
      .max(2000)
      .nullable()
      .optional()
      .meta({ description: "What is being paid for, in words." }),
  })
  .meta({
    id: "TermsInput",
    description: "What the payer proposes: the amount, its split among payees, what it is for.",
  });

const ZSignatureRequirement = z.enum(signatureRequirements).meta({
  id: "SignatureRequirement",
  description:
    "Whose signatures of the final terms a settlement needs: `all` (every party, the initiator included), `responders` (every responder) or `none`.",
});

const ZStepSignatureText = z.string().min(1).max(8192);

export const ZCreateNegotiationBody = z
  .strictObject({
    id: z
      .string()
      .regex(/^neg-[0-9A-Za-z]{16}$/, "must be neg- and 16 base62 characters")
      .optional()
      .meta({
        description:
          "The negotiation's id, chosen by the caller so that the initiator can sign its proposal before it exists: `neg-` and 16 random base62 characters. An id already taken is 409. Default: one the service draws.",
        example: "neg-7QzP0aK2fW9cX1bN",
      }),
    initiatorAgentId: ZAgentId.optional().meta({
      description:
        "The paying agent; yours. With a JWT it may be omitted and is the token's agent.",
    }),
    responders: z
      .array(ZAgentId)
      .min(1)
      .max(20)
      .refine((list) => new Set(list).size === list.length, "must be unique")
      .meta({
        description: "The payees: your agents or discoverable agents of any organization.",
        example: ["agent-8sLw3nB6yQ2kV5rT"],
      }),
    terms: ZTermsInput,
    expiresAt: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({ description: "Default: 24 hours after creation; at most 30 days ahead." }),
    metadata: ZMetadata.optional(),
    signatures: ZSignatureRequirement.optional().meta({
      description:
        "Default `none`: signatures stay optional. Under `all` or `responders`, a settlement needs the required signatures of the final terms, and every signed statement of the negotiation carries the requirement as `signatures`.",
    }),
    signature: ZStepSignatureText.optional().meta({
      description:
        "The initiator's signature of its proposal, needs `id`: a compact JWS (EdDSA or ES256) by one of its active keys (`kid` = the key's id) over the RFC 8785 canonical JSON of `{negotiationId: id, round: 1, action: \"propose\", terms}` (terms as the negotiation will show them: splits spelled out, `description` null when absent), plus `signatures` when it is not `none`. A bad signature is 400 and creates nothing.",
    }),
  })
  .superRefine((body, ctx) => {
    if (body.signature && !body.id)
      ctx.addIssue({ code: "custom", path: ["id"], message: "a signed proposal names its id" });
  })
  .meta({ id: "CreateNegotiationRequest" });

export const responseActions = ["accept", "reject", "counter", "cancel"] as const;

export const ZRespondBody = z
  .strictObject({
    agentId: ZAgentId.optional().meta({
      description:
        "The responding party (yours). With a JWT it may be omitted and is the token's agent.",
    }),
    action: z.enum(responseActions).meta({
      description: "`cancel` is the initiator's only, and needs the `negotiation.cancel` scope.",
    }),
    terms: ZTermsInput.optional().meta({ description: "The new terms; only with `counter`." }),
    round: z.number().int().min(1).optional().meta({
      description:
        "The round this response answers: the negotiation's `round` as the agent read it. When a counter has opened a newer round meanwhile, the answer is 409 and nothing changes, so an accept never lands on terms the agent did not see. Without it, the response answers the current round.",
      example: 1,
    }),
    message: z
      .string()
      .max(2000)
      .optional()
      .meta({ description: "A note to the other parties with this response." }),
    signature: ZStepSignatureText.optional().meta({
      description:
        "The agent's signature of this response: a compact JWS (EdDSA or ES256) by one of its active keys (`kid` = the key's id) over the RFC 8785 canonical JSON of `{negotiationId, round, action, terms}` (plus the negotiation's `signatures` when it is not `none`), where `round` is the negotiation's current round and `terms` are the counter's terms as the negotiation will show them (splits spelled out, `description` null when absent) or, for the other actions, the current `terms`. It goes into the receipt's evidence with the public key. A bad signature is 400 and changes nothing.",
    }),
  })
  .superRefine((body, ctx) => {
    if (body.action === "counter" && !body.terms)
      ctx.addIssue({ code: "custom", path: ["terms"], message: "a counter needs terms" });
    if (body.action !== "counter" && body.terms)
      ctx.addIssue({
        code: "custom",
        path: ["terms"],
        message: "terms are only sent with counter",
      });
  })
  .meta({ id: "RespondToNegotiationRequest" });

const ZTerms = z
  .object({
    amount: ZAmount,
    splits: z.array(z.object({ agentId: z.string(), amount: z.number().int() })),
    description: z.string().nullable(),
  })
  .meta({ id: "Terms" });

const ZRound = z
  .object({
    round: z.number().int(),
    proposedBy: z.string(),
    proposedAt: z.string(),
    terms: ZTerms,
    responses: z.array(
      z.object({
        agentId: z.string(),
        action: z.enum(responseActions),
        message: z.string().nullable(),
        respondedAt: z.string(),
      }),
    ),
  })
  .meta({ id: "NegotiationRound" });

export const ZNegotiation = z
  .object({
    id: ZNegotiationId,
    status: z.enum(negotiationStatuses),
    initiatorAgentId: z.string(),
    responders: z.array(z.string()),
    parties: z.array(ZParty),
    terms: ZTerms,
    round: z.number().int().meta({ description: "The current round, from 1." }),
    acceptedBy: z
      .array(z.string())
      .meta({ description: "Parties that accepted the current round's terms." }),
    rounds: z.array(ZRound).meta({ description: "Every round, oldest first, with its responses." }),
    metadata: z.record(z.string(), z.string()),
    signatures: ZSignatureRequirement,
    expiresAt: z.string(),
    closedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Negotiation" });

export const ZListNegotiationsQuery = z
  .strictObject({
    ...ZListQuery.shape,
    status: z
      .enum(negotiationStatuses)
      .optional()
      .meta({ description: "Only negotiations in this status." }),
    agentId: ZAgentId.optional().meta({ description: "Only negotiations this agent is party to." }),
    ...ZCreatedRange.shape,
  })
  .meta({ id: "ListNegotiationsQuery" });

export const ZNegotiationParams = z.object({ id: ZNegotiationId });

export type TNegotiation = z.infer<typeof ZNegotiation>;
export type TTermsInput = z.infer<typeof ZTermsInput>;
export type TCreateNegotiationBody = z.infer<typeof ZCreateNegotiationBody>;
export type TRespondBody = z.infer<typeof ZRespondBody>;
