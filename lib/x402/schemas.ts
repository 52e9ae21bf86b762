import { z } from "zod";

/*
 * The bodies @x402/core's HTTPFacilitatorClient sends and the answers it parses (x402 v2).
 * Requirements are closed objects; resource and extensions are the protocol's open ones.
 */

export const ZX402Requirements = z
  .strictObject({
    scheme: z.string().max(64).meta({ description: "The payment scheme: `exact`." }),
    network: z
      .string()
      .max(128)
      .regex(/^[^:]+:.+$/, "must be a CAIP-2 id")
      .meta({
        description:
          "The CAIP-2 network: `agent-settlement:sandbox` or `agent-settlement:production`.",
        example: "agent-settlement:sandbox",
      }) as z.ZodType<`${string}:${string}`>,
    asset: z.string().max(64).meta({ description: "The currency, an ISO 4217 code." }),
    amount: z.string().max(32).meta({ description: "The price in minor units, as a string." }),
    payTo: z.string().max(64).meta({ description: "The agent id paid, of any organization." }),
    maxTimeoutSeconds: z
      .number()
      .int()
      .positive()
      .max(86_400)
      .meta({ description: "How long the resource server waits for the payment to settle." }),
    extra: z
      .record(z.string().max(64), z.unknown())
      .default({})
      .meta({ description: "Scheme details; `resource` holds the URL the payment is for." }),
  })
  .meta({
    id: "X402PaymentRequirements",
    description: "What the resource server asks for: scheme, network, asset, amount and payee.",
  });

const ZX402Resource = z
  .looseObject({
    url: z.string().max(2048).meta({ description: "The URL of the paid resource." }),
    description: z.string().max(2000).optional().meta({ description: "What the resource is." }),
    mimeType: z.string().max(200).optional().meta({ description: "The resource's media type." }),
  })
  .meta({ id: "X402ResourceInfo", description: "The resource the payment is for." });

const ZX402Extensions = z
  .record(z.string().max(64), z.unknown())
  .meta({ description: "x402 protocol extensions, by name." });

const ZX402Version = z.number().int().meta({ description: "The x402 protocol version: 2." });

export const ZX402PaymentPayload = z
  .strictObject({
    x402Version: ZX402Version,
    resource: ZX402Resource.optional(),
    accepted: ZX402Requirements,
    payload: z.record(z.string().max(64), z.unknown()).meta({
      description: "`{ jws }`: the paying agent's compact JWS over the payment statement.",
    }),
    extensions: ZX402Extensions.optional(),
  })
  .meta({
    id: "X402PaymentPayload",
    description:
      "The payment the client sent: the requirements it accepted and its signed `payload`.",
  });

export const ZX402PaymentRequest = z
  .strictObject({
    x402Version: ZX402Version,
    paymentPayload: ZX402PaymentPayload,
    paymentRequirements: ZX402Requirements,
  })
  .meta({ id: "X402PaymentRequest" });

export const ZX402VerifyResponse = z
  .object({
    isValid: z.boolean(),
    invalidReason: z.string().optional(),
    invalidMessage: z.string().optional(),
    payer: z.string().optional(),
  })
  .meta({ id: "X402VerifyResponse" });

export const ZX402SettleResponse = z
  .object({
    success: z.boolean(),
    errorReason: z.string().optional(),
    errorMessage: z.string().optional(),
    payer: z.string().optional(),
    transaction: z
      .string()
      .meta({ description: "The settlement's id; empty when nothing was settled." }),
    network: z.string(),
    amount: z.string().optional(),
    extra: z
      .object({ settlementId: z.string(), receiptId: z.string(), attestHash: z.string() })
      .optional()
      .meta({ description: "The settlement, its receipt and the receipt's attest hash." }),
  })
  .meta({ id: "X402SettleResponse" });

export const ZX402Supported = z
  .object({
    kinds: z.array(
      z.object({
        x402Version: z.number().int(),
        scheme: z.string(),
        network: z.string(),
        extra: z.record(z.string(), z.unknown()).optional(),
      }),
    ),
    extensions: z.array(z.string()),
    signers: z.record(z.string(), z.array(z.string())),
  })
  .meta({ id: "X402Supported" });

/** What the paying agent signed (see payment-statement.ts). */
export const ZPaymentStatement = z.strictObject({
  requirements: ZX402Requirements,
  payer: z.string().max(64),
  nonce: z.string().min(16).max(128),
  expiresAt: z.iso.datetime({ offset: true }),
});

export type TX402PaymentRequest = z.infer<typeof ZX402PaymentRequest>;
export type TX402VerifyResponse = z.infer<typeof ZX402VerifyResponse>;
export type TX402SettleResponse = z.infer<typeof ZX402SettleResponse>;
export type TX402Supported = z.infer<typeof ZX402Supported>;
