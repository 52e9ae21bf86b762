import { z } from "zod";
import { agentKeyStatuses } from "@/db/schema";
import { ZAgentId } from "@/lib/agents/schemas";
import { ZListQuery } from "@/lib/http/pagination";

export const ZAgentKeyId = z.string().max(64).meta({
  description:
    "Agent key id: the key's RFC 7638 thumbprint (keys registered before thumbprint ids keep their `akey-…` id); the `kid` of the agent's signatures.",
  example: "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k",
});

const ZJwkMember = z.string().max(1024);

export const ZAddAgentKeyBody = z
  .strictObject({
    jwk: z
      .record(z.string().max(64), z.union([ZJwkMember, z.array(ZJwkMember).max(20)]))
      .refine((jwk) => Object.keys(jwk).length <= 20, "at most 20 members")
      .meta({
        description:
          "The public key as a JWK: Ed25519 (`kty` OKP, `crv` Ed25519, `x`) or P-256 (`kty` EC, `crv` P-256, `x`, `y`). Private members (`d`, …) are refused; `kid`, `alg`, `use` and `key_ops` are ignored.",
        example: { kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo" },
      }),
  })
  .meta({ id: "AddAgentKeyRequest" });

export const ZPublicJwkOut = z
  .object({
    kty: z.enum(["OKP", "EC"]),
    crv: z.enum(["Ed25519", "P-256"]),
    x: z.string(),
    y: z.string().optional(),
  })
  .meta({ id: "AgentPublicJwk" });

export const ZAgentKey = z
  .object({
    id: ZAgentKeyId,
    agentId: z.string(),
    algorithm: z
      .enum(["EdDSA", "ES256"])
      .meta({ description: "The JWS `alg` the agent signs with under this key." }),
    publicJwk: ZPublicJwkOut,
    thumbprint: z.string().meta({ description: "RFC 7638 JWK thumbprint (SHA-256, base64url)." }),
    status: z.enum(agentKeyStatuses),
    revokedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "AgentKey" });

export const ZAgentKeysParams = z.object({ id: ZAgentId });
export const ZAgentKeyParams = z.object({ id: ZAgentId, keyId: ZAgentKeyId });

export const ZListAgentKeysQuery = z
  .strictObject({
    ...ZListQuery.shape,
    status: z
      .enum(agentKeyStatuses)
      .optional()
      .meta({ description: "Only keys in this status (active or revoked)." }),
  })
  .meta({ id: "ListAgentKeysQuery" });

export type TAgentKey = z.infer<typeof ZAgentKey>;
export type TAddAgentKeyBody = z.infer<typeof ZAddAgentKeyBody>;
