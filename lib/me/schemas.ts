import { z } from "zod";
import { ZScope } from "@/lib/auth/scopes";
import { environments } from "@/lib/environment";
import { planTiers } from "@/lib/orgs/plans";

const ZRateLimit = z
  .object({
    perMinute: z.number().int().meta({ description: "Requests a minute, refilled every second." }),
    burst: z.number().int().meta({ description: "Requests that may arrive at once." }),
    daily: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Requests a UTC day; null: no daily cap." }),
  })
  .meta({ id: "RateLimit" });

export const ZMe = z
  .object({
    object: z.literal("me"),
    organizationId: z.string().meta({ description: "The organization the credential acts for." }),
    environment: z
      .enum(environments)
      .meta({ description: "The environment of this base address." }),
    credential: z
      .discriminatedUnion("kind", [
        z.object({ kind: z.literal("api_key"), keyId: z.string() }),
        z.object({
          kind: z.literal("agent_token"),
          agentId: z.string().meta({ description: "The agent the token acts as." }),
          tokenId: z.string().meta({ description: "The token's `jti`." }),
          issuerKeyId: z
            .string()
            .nullable()
            .meta({ description: "The API key that issued the token; null when none did." }),
        }),
      ])
      .meta({ description: "The credential of this request." }),
    scopes: z.array(ZScope).meta({ description: "What the credential may do." }),
    plan: z
      .object({ tier: z.enum(planTiers), rateLimit: ZRateLimit })
      .meta({ description: "The organization's plan and the rate limit it sets." }),
  })
  .meta({ id: "Me" });
export type TMe = z.infer<typeof ZMe>;
