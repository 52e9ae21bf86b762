import { and, eq, inArray, isNull } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { agentKeys, agents, type TAgentKeyRow, type TAgentRow } from "@/db/schema";
import { readCompactJws, verifyAgreementJws } from "@/lib/attest/agreement-jws";
import { canonicalJson } from "@/lib/attest/canonical";
import type { TEnvironment } from "@/lib/environment";
import { ApiError } from "@/lib/http/api-error";
import { assertStorableText, storableId } from "@/lib/http/storable-text";
import { getWallets } from "@/lib/ledger/get-wallets";
import { checkPayerRowMandate } from "@/lib/mandates/check-settlement-mandate";
import { partiesOf } from "@/lib/negotiations/parties";
import { paidTerms } from "./paid-terms";
import { paymentStatementText, X402_SCHEME, X402_VERSION, x402Network } from "./payment-statement";
import type { TX402Refusal } from "./reasons";
import { type TX402PaymentRequest, ZPaymentStatement } from "./schemas";

export type TCheckedPayment = {
  jws: string;
  /** The payer's key that signed `jws`. */
  key: { id: string; publicJwk: TAgentKeyRow["publicJwk"] };
  nonce: string;
  payer: TAgentRow;
  payTo: TAgentRow;
  amount: { value: number; currency: string };
  resourceUrl: string | null;
};

export type TPaymentCheck = { ok: true; payment: TCheckedPayment } | ({ ok: false } & TX402Refusal);

const refuse = (
  reason: TX402Refusal["reason"],
  message: string,
  payer?: string,
): TPaymentCheck => ({ ok: false, reason, message, payer });

const AMOUNT = /^[1-9][0-9]{0,14}$/;
const CURRENCY = /^[A-Z]{3}$/;

/** The environment's live agents of these ids, by id. */
const agentsById = async (executor: TExecutor, environment: TEnvironment, ids: string[]) =>
  new Map(
    (
      await executor
        .select()
        .from(agents)
        .where(
          and(
            inArray(agents.id, ids),
            eq(agents.environment, environment),
            isNull(agents.deletedAt),
          ),
        )
    ).map((row) => [row.id, row]),
  );

/**
 * Everything verify checks except the nonce, without moving money: the request is this
 * facilitator's (version, scheme, network), what the payer signed is exactly what the merchant
 * requires, the signature is by an active key of an active payer, the statement has not
 * expired, the payee exists, and the payer's mandate and balance allow the amount.
 */
export async function checkPayment(
  {
    environment,
    request,
    now,
  }: { environment: TEnvironment; request: TX402PaymentRequest; now: Date },
  executor: TExecutor = db,
): Promise<TPaymentCheck> {
  const { paymentPayload, paymentRequirements: required } = request;
  if (request.x402Version !== X402_VERSION || paymentPayload.x402Version !== X402_VERSION)
    return refuse("invalid_x402_version", `Only x402 version ${X402_VERSION} is supported.`);
  if (required.scheme !== X402_SCHEME || paymentPayload.accepted.scheme !== X402_SCHEME)
    return refuse("unsupported_scheme", `Only the scheme '${X402_SCHEME}' is supported.`);
  const network = x402Network(environment);
  if (required.network !== network || paymentPayload.accepted.network !== network)
    return refuse("invalid_network", `This facilitator settles on ${network} only.`);
  if (canonicalJson(paymentPayload.accepted) !== canonicalJson(required))
    return refuse("invalid_payment_requirements", "The payload accepted other requirements.");
  if (!AMOUNT.test(required.amount) || !CURRENCY.test(required.asset))
    return refuse(
      "invalid_payment_requirements",
      "amount must be a positive integer of minor units and asset an ISO currency code.",
    );
  const resourceUrl = typeof required.extra.resource === "string" ? required.extra.resource : null;
  if (resourceUrl !== null && paymentPayload.resource?.url !== resourceUrl)
    return refuse("invalid_payment_requirements", "The payload pays for another resource.");

  const jws = paymentPayload.payload.jws;
  const parsed = typeof jws === "string" ? readCompactJws(jws) : null;
  if (typeof jws !== "string" || !parsed)
    return refuse("invalid_payload", "payload.jws must be a compact JWS.");
  let statementJson: unknown;
  try {
    statementJson = JSON.parse(parsed.payloadText);
  } catch {
    return refuse("invalid_payload", "The JWS payload is not JSON.");
  }
  // Its values reach the database (payer, nonce): refuse what could not be stored.
  try {
    assertStorableText(statementJson, "payload");
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refuse("invalid_payload", `${error.param}: ${error.message}`);
  }
  const statement = ZPaymentStatement.safeParse(statementJson);
  if (!statement.success)
    return refuse("invalid_payload", "The JWS payload is not a payment statement.");
  const { payer: payerId, nonce, expiresAt } = statement.data;
  if (canonicalJson(statement.data.requirements) !== canonicalJson(required))
    return refuse("invalid_payment_requirements", "The payer signed other requirements.", payerId);

  // Independent reads, sent at once.
  const kid = storableId(parsed.header.kid) ?? "";
  const [found, [key], wallets] = await Promise.all([
    agentsById(executor, environment, [payerId, required.payTo]),
    executor
      .select()
      .from(agentKeys)
      .where(and(eq(agentKeys.id, kid), eq(agentKeys.agentId, payerId))),
    getWallets({ environment, agentId: payerId }, executor),
  ]);
  const payer = found.get(payerId);
  if (!payer) return refuse("invalid_payload", `No agent ${payerId} in ${environment}.`, payerId);
  if (!key)
    return refuse(
      "invalid_exact_agent_payload_signature",
      `The JWS names no key of ${payer.id}.`,
      payer.id,
    );
  const verdict = await verifyAgreementJws({
    jws,
    jwk: key.publicJwk,
    kid: key.id,
    payloadText: paymentStatementText(statement.data),
  });
  if (!verdict.ok)
    return refuse("invalid_exact_agent_payload_signature", `The JWS ${verdict.detail}.`, payer.id);
  if (key.status !== "active")
    return refuse(
      "invalid_exact_agent_payload_key_revoked",
      `Key ${key.id} was revoked.`,
      payer.id,
    );
  if (payer.status !== "active")
    return refuse(
      "invalid_exact_agent_payload_payer_suspended",
      `Agent ${payer.id} is suspended.`,
      payer.id,
    );
  if (new Date(expiresAt).getTime() <= now.getTime())
    return refuse(
      "invalid_exact_agent_payload_expired",
      `The payment expired at ${expiresAt}.`,
      payer.id,
    );

  const payTo = found.get(required.payTo);
  if (payTo?.status !== "active" || payTo.id === payer.id)
    return refuse(
      "invalid_payment_requirements",
      `payTo must be another active agent in ${environment}.`,
      payer.id,
    );
  const amount = { value: Number(required.amount), currency: required.asset };
  try {
    checkPayerRowMandate(payer, {
      amount,
      parties: partiesOf({
        initiatorAgentId: payer.id,
        terms: paidTerms({ payTo: payTo.id, amount, resourceUrl }),
      }),
      now,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refuse(
      "invalid_exact_agent_payload_mandate",
      `${error.code}: ${error.message}`,
      payer.id,
    );
  }
  const balance = wallets.find((wallet) => wallet.currency === amount.currency)?.balance ?? 0;
  if (balance < amount.value)
    return refuse(
      "insufficient_funds",
      `The wallet of ${payer.id} holds ${balance} ${amount.currency}; ${amount.value} needed.`,
      payer.id,
    );
  return {
    ok: true,
    payment: {
      jws,
      key: { id: key.id, publicJwk: key.publicJwk },
      nonce,
      payer,
      payTo,
      amount,
      resourceUrl,
    },
  };
}
