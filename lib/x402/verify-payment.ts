import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { x402Payments } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { checkPayment } from "./check-payment";
import type { TX402PaymentRequest, TX402VerifyResponse } from "./schemas";

/** x402 verify: whether settle would move the money now, and if not why, moving nothing. */
export async function verifyPayment({
  environment,
  request,
}: {
  environment: TEnvironment;
  request: TX402PaymentRequest;
}): Promise<TX402VerifyResponse> {
  const check = await checkPayment({ environment, request, now: new Date() });
  if (!check.ok)
    return {
      isValid: false,
      invalidReason: check.reason,
      invalidMessage: check.message,
      payer: check.payer,
    };
  const { nonce, payer } = check.payment;
  const [used] = await db
    .select({ id: x402Payments.id })
    .from(x402Payments)
    .where(and(eq(x402Payments.environment, environment), eq(x402Payments.nonce, nonce)));
  if (used)
    return {
      isValid: false,
      invalidReason: "nonce_already_used",
      invalidMessage: `The nonce was settled already (${used.id}).`,
      payer: payer.id,
    };
  return { isValid: true, payer: payer.id };
}
