import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { receipts, settlements, x402Payments } from "@/db/schema";
import { sha256Hex } from "@/lib/attest/hash";
import type { TAuthContext } from "@/lib/auth/auth-context";
import type { TEnvironment } from "@/lib/environment";
import { ApiError } from "@/lib/http/api-error";
import { newId } from "@/lib/ids";
import { withdrawJob } from "@/lib/jobs/enqueue-job";
import { stepCredentialOf } from "@/lib/negotiations/step-credential";
import { runExecution, runNow } from "@/lib/settlements/execution/run-execution";
import { insertSettlement } from "@/lib/settlements/insert-settlement";
import { startExecution } from "@/lib/settlements/start-execution";
import { waitForOutcome } from "@/lib/settlements/wait-for-outcome";
import { checkPayment, type TCheckedPayment } from "./check-payment";
import { x402Network } from "./payment-statement";
import type { TX402Refusal } from "./reasons";
import { recordPaidNegotiation } from "./record-paid-negotiation";
import type { TX402PaymentRequest, TX402SettleResponse } from "./schemas";

const OUTCOME_WAIT_SECONDS = 25;
/**
 * The settle request executes its settlement itself; the execution job waits this long first,
 * as the fallback should the request's process stop before it finished.
 */
const JOB_FALLBACK_MS = 60_000;

/** Rolls the claim's transaction back: a concurrent settle holds the nonce. */
class NonceTaken extends Error {}

type TClaim = { settlementId: string; organizationId: string; payer: string; amount: string };
type TNewClaim = TClaim & { jobId: string };

const failure = (environment: TEnvironment, refusal: TX402Refusal): TX402SettleResponse => ({
  success: false,
  errorReason: refusal.reason,
  errorMessage: refusal.message,
  payer: refusal.payer,
  transaction: "",
  network: x402Network(environment),
});

/**
 * The payment this very JWS already claimed through this merchant, if any (its nonce is the
 * idempotency key); another merchant presenting it learns only that the nonce is used.
 */
async function findClaim({ organizationId, environment }: TAuthContext, jws: unknown) {
  if (typeof jws !== "string") return undefined;
  const [row] = await db
    .select({
      settlementId: x402Payments.settlementId,
      organizationId: settlements.organizationId,
      payer: x402Payments.payerAgentId,
      amount: x402Payments.amountValue,
    })
    .from(x402Payments)
    .innerJoin(settlements, eq(settlements.id, x402Payments.settlementId))
    .where(
      and(
        eq(x402Payments.environment, environment),
        eq(x402Payments.organizationId, organizationId),
        eq(x402Payments.jwsHash, sha256Hex(jws)),
      ),
    );
  return row && { ...row, amount: String(row.amount) };
}

/**
 * Claims the nonce and starts the settlement in one transaction: an accepted negotiation of
 * the payment, its settlement on the ledger, the mandate's reservation and the execution job.
 * Undefined when a concurrent settle claimed the nonce first (the unique index waits for its
 * commit); a refusal when the mandate refuses at reservation time.
 */
async function claim({
  auth,
  payment,
  now,
}: {
  auth: TAuthContext;
  payment: TCheckedPayment;
  now: Date;
}): Promise<TNewClaim | TX402Refusal | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const negotiation = await recordPaidNegotiation(tx, {
        ...payment,
        credential: stepCredentialOf(auth),
        now,
      });
      const pending = await insertSettlement(tx, {
        negotiation,
        adapter: "ledger",
        metadata: { x402Nonce: payment.nonce.slice(0, 500) },
        now,
      });
      const [claimed] = await tx
        .insert(x402Payments)
        .values({
          id: newId("x402Payment"),
          organizationId: auth.organizationId,
          environment: auth.environment,
          nonce: payment.nonce,
          jwsHash: sha256Hex(payment.jws),
          payerAgentId: payment.payer.id,
          payToAgentId: payment.payTo.id,
          amountValue: payment.amount.value,
          currency: payment.amount.currency,
          settlementId: pending.id,
          resourceUrl: payment.resourceUrl,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: x402Payments.id });
      if (!claimed) throw new NonceTaken();
      const { jobId } = await startExecution(tx, {
        pending,
        now,
        jobNotBefore: new Date(now.getTime() + JOB_FALLBACK_MS),
      });
      return {
        jobId,
        settlementId: pending.id,
        organizationId: pending.organizationId,
        payer: payment.payer.id,
        amount: String(payment.amount.value),
      };
    });
  } catch (error) {
    if (error instanceof ApiError && error.code.startsWith("mandate_"))
      return {
        reason: "invalid_exact_agent_payload_mandate",
        message: `${error.code}: ${error.message}`,
        payer: payment.payer.id,
      };
    if (error instanceof NonceTaken) return undefined;
    throw error;
  }
}

/** What every answer about a claimed payment names: its payer, its settlement, the network. */
const claimedAnswer = (environment: TEnvironment, claimed: TClaim) => ({
  payer: claimed.payer,
  transaction: claimed.settlementId,
  network: x402Network(environment),
});

/** The answer of a claimed payment once its settlement has left `executing`. */
async function outcomeOf(environment: TEnvironment, claimed: TClaim): Promise<TX402SettleResponse> {
  const settlement = await waitForOutcome({
    tenant: { organizationId: claimed.organizationId, environment },
    settlementId: claimed.settlementId,
    seconds: OUTCOME_WAIT_SECONDS,
  });
  if (!settlement)
    return failure(environment, {
      reason: "unexpected_settle_error",
      message: `Settlement ${claimed.settlementId} is still executing; settle again for its outcome.`,
      payer: claimed.payer,
    });
  if (settlement.status === "failed")
    return {
      ...claimedAnswer(environment, claimed),
      success: false,
      errorReason:
        settlement.failureCode === "insufficient_funds"
          ? "insufficient_funds"
          : "unexpected_settle_error",
      errorMessage: settlement.failureMessage ?? `Settlement ${settlement.id} failed.`,
    };
  const [receipt] = await db
    .select({ id: receipts.id, attestHash: receipts.attestHash })
    .from(receipts)
    .where(eq(receipts.settlementId, claimed.settlementId));
  return paid(environment, claimed, receipt);
}

/** The answer of a payment whose settlement executed, with its receipt. */
function paid(
  environment: TEnvironment,
  claimed: TClaim,
  receipt: { id: string; attestHash: string } | undefined,
): TX402SettleResponse {
  return {
    ...claimedAnswer(environment, claimed),
    success: true,
    amount: claimed.amount,
    extra: receipt && {
      settlementId: claimed.settlementId,
      receiptId: receipt.id,
      attestHash: receipt.attestHash,
    },
  };
}

/**
 * x402 settle: the payment verify accepts moves from the payer's wallet to the payee's once,
 * executed in this request (the execution job, held back a minute, is only its fallback).
 * Settling the same payload again, or concurrently, answers the one settlement's outcome.
 */
export async function settlePayment({
  auth,
  request,
}: {
  auth: TAuthContext;
  request: TX402PaymentRequest;
}): Promise<TX402SettleResponse> {
  const { environment } = auth;
  const jws = request.paymentPayload.payload.jws;
  const earlier = await findClaim(auth, jws);
  if (earlier) return outcomeOf(environment, earlier);
  const now = new Date();
  const check = await checkPayment({ environment, request, now });
  if (!check.ok) return failure(environment, check);
  const claimed = await claim({ auth, payment: check.payment, now });
  if (claimed && "reason" in claimed) return failure(environment, claimed);
  if (claimed) {
    // x402's settle answers the payment's outcome: executed here, as the job would, at once.
    const executed = await runExecution(claimed.settlementId, runNow);
    await withdrawJob(db, claimed.jobId);
    if ("completed" in executed && executed.completed)
      return paid(environment, claimed, {
        id: executed.receiptId,
        attestHash: executed.attestHash,
      });
  }
  const settled = claimed ?? (await findClaim(auth, jws));
  if (!settled)
    return failure(environment, {
      reason: "nonce_already_used",
      message: "Another payment of this payer used this nonce.",
      payer: check.payment.payer.id,
    });
  return outcomeOf(environment, settled);
}
