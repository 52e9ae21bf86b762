import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { z } from "zod";
import type { TEnvironment } from "@/lib/environment";
import type { TApiClient } from "@/lib/mcp/api-client";
import { inputJsonSchema, outputJsonSchema } from "@/lib/mcp/json-schema";
import type { TTool } from "@/lib/mcp/operation-tools";
import { toolError } from "@/lib/mcp/tool-result";
import { getReceiptOperation } from "@/lib/receipts/operations";
import { x402SupportedOperation } from "@/lib/x402/operations";
import { ZX402SettleResponse } from "@/lib/x402/schemas";
// The SDK's own scheme, from its sources: the CLI runs from the clone, where sdk/dist may not be built.
import { x402ClientScheme, x402Network } from "../sdk/src/x402";

/** Only this much of the resource's answer comes back to the model. */
const maxBodyCharacters = 20_000;
const timeoutMs = 60_000;

const ZPayInput = z.object({
  url: z.url({ protocol: /^https?$/ }).meta({
    description: "The x402-protected resource: an http(s) URL that answers 402 with what it costs.",
  }),
  method: z.enum(["GET", "POST"]).default("GET").meta({ description: "The request's method." }),
  body: z
    .string()
    .max(100_000)
    .optional()
    .meta({ description: "The request body, sent as is (POST)." }),
  contentType: z
    .string()
    .max(200)
    .optional()
    .meta({ description: "The body's Content-Type; application/json by default." }),
  maxAmount: z
    .object({
      value: z.number().int().positive().meta({ description: "In the currency's minor units." }),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .meta({ description: "ISO 4217 code, e.g. USD." }),
    })
    .meta({
      description:
        "The most this call may pay: a price above it, or in another currency, is refused before anything is signed.",
    }),
});

const ZPayOutcome = z.object({
  status: z.number().int().meta({ description: "The resource's HTTP status, after paying." }),
  contentType: z.string().nullable().meta({ description: "The resource's Content-Type." }),
  body: z
    .string()
    .meta({ description: `The resource's answer (its first ${maxBodyCharacters} characters).` }),
  payment: ZX402SettleResponse.nullable().meta({
    description:
      "The facilitator's settle answer the resource sent back (PAYMENT-RESPONSE), or null when it asked for no payment.",
  }),
  receipt: getReceiptOperation.response
    .nullable()
    .meta({ description: "The settlement's receipt, when the payment settled." }),
});

type TPayer = {
  agentId: string;
  keyId: string;
  privateKey: JsonWebKey;
  environment: TEnvironment;
};

/** The facilitator's settle answer the resource passed on, or null when it sent none readable. */
function settleAnswerOf(header: string | null) {
  if (!header) return null;
  try {
    return ZX402SettleResponse.nullable().catch(null).parse(decodePaymentResponseHeader(header));
  } catch {
    // Not base64 JSON at all.
    return null;
  }
}

async function pay(
  args: z.infer<typeof ZPayInput>,
  payer: TPayer,
  api: TApiClient,
): Promise<CallToolResult> {
  // What the resource asked for, on this deployment's network, when none of it fits the cap.
  let askedAbove: string[] = [];
  const client = x402Client.fromConfig({
    schemes: [
      {
        network: x402Network(payer.environment),
        client: x402ClientScheme({
          agentId: payer.agentId,
          keyId: payer.keyId,
          privateKey: payer.privateKey,
        }),
      },
    ],
    // The call's own cap replaces the library's default one (a dollar, in USD only).
    spendControls: false,
    policies: [
      (_version, offered) => {
        const fitting = offered.filter(
          (requirement) =>
            requirement.asset === args.maxAmount.currency &&
            BigInt(requirement.amount) <= BigInt(args.maxAmount.value),
        );
        askedAbove = fitting.length === 0 ? offered.map((r) => `${r.amount} ${r.asset}`) : [];
        return fitting;
      },
    ],
  });
  // Once a payment is signed, the merchant may settle it even if its answer never arrives.
  let signed = false;
  client.onAfterPaymentCreation(async () => {
    signed = true;
  });
  let response: Response;
  try {
    response = await wrapFetchWithPayment(fetch, client)(args.url, {
      method: args.method,
      ...(args.body === undefined
        ? {}
        : { body: args.body, headers: { "content-type": args.contentType ?? "application/json" } }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error);
    if (signed) {
      return toolError(
        "payment_unconfirmed",
        `A payment was signed and sent, but the request failed (${failure}): it may have settled. List the agent's settlements before paying again.`,
      );
    }
    // The library refuses before signing when no offered payment fits (network, cap).
    const why =
      askedAbove.length > 0
        ? `the resource asks ${askedAbove.join(" or ")} (minor units), beyond maxAmount ${args.maxAmount.value} ${args.maxAmount.currency}`
        : failure;
    return toolError("payment_refused", `Nothing was paid: ${why}.`);
  }
  const payment = settleAnswerOf(response.headers.get("PAYMENT-RESPONSE"));
  const receiptId = payment?.extra?.receiptId;
  const receipt = receiptId
    ? await api({ method: "GET", path: `/receipts/${encodeURIComponent(receiptId)}` })
    : undefined;
  const outcome = {
    status: response.status,
    contentType: response.headers.get("content-type"),
    body: (await response.text()).slice(0, maxBodyCharacters),
    payment,
    receipt: receipt && receipt.status === 200 ? receipt.body : null,
  };
  const stillRequired = response.headers.get("PAYMENT-REQUIRED");
  const summary = payment?.success
    ? `Paid ${payment.amount} ${args.maxAmount.currency} minor units: settlement ${payment.transaction}, receipt ${receiptId}. The resource answered ${response.status}.`
    : payment
      ? `The payment was refused (${payment.errorReason}): ${payment.errorMessage ?? "no detail"}. The resource answered ${response.status}.`
      : stillRequired
        ? `The payment was refused: ${decodePaymentRequiredHeader(stillRequired).error ?? "the resource still asks for one"}. The resource answered ${response.status}.`
        : `No payment was asked for or made. The resource answered ${response.status}.`;
  return {
    content: [
      { type: "text", text: summary },
      { type: "text", text: JSON.stringify(outcome, null, 2) },
    ],
    structuredContent: outcome,
    ...(response.status >= 400 ? { isError: true } : {}),
  };
}

/**
 * `pay_x402_url`: the acting agent pays an x402-protected URL and gets its answer and the
 * receipt. It signs with the agent's private key, so it exists only where that key is: the
 * stdio server of `cli mcp --agent-key-file`, on the agent's own machine; the hosted MCP
 * server, which holds no agent key, never offers it. The service still checks the agent's key,
 * mandate and balance when the resource's facilitator settles.
 */
export function x402PayTool(payer: TPayer): TTool {
  return {
    name: "pay_x402_url",
    description: `Request an x402-protected URL as agent ${payer.agentId}, paying what it asks (at most maxAmount) with the agent's key: the request, a 402 with the price, the signed payment, then the resource's answer with the settlement and its receipt. The agent's mandate and balance apply.`,
    inputSchema: inputJsonSchema(ZPayInput),
    outputSchema: outputJsonSchema(ZPayOutcome),
    annotations: {
      title: "Pay for an x402-protected URL",
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    },
    // In the x402 toolset; reading the receipt needs receipt.read.
    operations: [x402SupportedOperation, getReceiptOperation],
    run: async (args, api) => {
      const parsed = ZPayInput.safeParse(args);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return toolError(
          "invalid_request",
          `${issue.path.join(".")}: ${issue.message}`,
          String(issue.path[0] ?? ""),
        );
      }
      return pay(parsed.data, payer, api);
    },
  };
}
