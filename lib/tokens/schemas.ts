import { z } from "zod";
import { ZAgentId } from "@/lib/agents/schemas";
import { ZScope, ZScopes } from "@/lib/auth/scopes";
import { DEFAULT_TOKEN_TTL_SECONDS, MAX_TOKEN_TTL_SECONDS } from "./token-config";

export const ZIssueTokenBody = z
  .strictObject({
    agent_id: ZAgentId.meta({ description: "The agent the token acts as." }),
    scopes: ZScopes.meta({
      description: "What the token may do: a subset of the API key's scopes.",
      example: ["agent.read", "negotiation.respond"],
    }),
    ttlSeconds: z
      .number()
      .int()
      .min(60)
      .max(MAX_TOKEN_TTL_SECONDS)
      .optional()
      .meta({
        description: `Lifetime in seconds, 60 to ${MAX_TOKEN_TTL_SECONDS}; default ${DEFAULT_TOKEN_TTL_SECONDS}.`,
        example: DEFAULT_TOKEN_TTL_SECONDS,
      }),
  })
  .meta({ id: "IssueTokenRequest" });

export const ZAgentToken = z
  .object({
    token: z.string().meta({ description: "An RS256 JWT; verify it with /.well-known/jwks.json." }),
    tokenType: z.literal("Bearer"),
    agentId: ZAgentId,
    scopes: z.array(ZScope),
    expiresIn: z.number().int().meta({ description: "Seconds until the token expires." }),
    expiresAt: z.string(),
  })
  .meta({ id: "AgentToken" });

export const ZRevokeTokensBody = z
  .strictObject({
    jti: z
      .string()
      .regex(/^tok-[0-9A-Za-z]{16}$/, "must be a token id (the `jti` claim, tok-…)")
      .optional()
      .meta({ description: "Revoke this one token (its `jti` claim)." }),
    agentId: ZAgentId.optional().meta({
      description: "Revoke every token of this agent issued until now.",
    }),
  })
  .refine((body) => (body.jti === undefined) !== (body.agentId === undefined), {
    message: "give exactly one of `jti` and `agentId`",
    path: ["jti"],
  })
  .meta({ id: "RevokeTokensRequest" });

export const ZTokenRevocation = z
  .object({
    revoked: z.literal(true),
    jti: z.string().nullable(),
    agentId: z.string().nullable(),
    revokedAt: z.string(),
  })
  .meta({ id: "TokenRevocation" });

export type TIssueTokenBody = z.infer<typeof ZIssueTokenBody>;
export type TRevokeTokensBody = z.infer<typeof ZRevokeTokensBody>;
export type TTokenRevocation = z.infer<typeof ZTokenRevocation>;
export type TAgentToken = z.infer<typeof ZAgentToken>;
