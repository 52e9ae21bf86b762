import { lookupOrVoidPayment } from "./call-rail";
import { completeSettlement, type TPaidSettlement } from "./complete-settlement";
import { failSettlement } from "./fail-settlement";
import { pay, type TPayment } from "./pay";

/**
 * Runs one named step of an execution: the job's `step.run` (its result remembered across a
 * retry), or a plain call where the request executes the settlement itself.
 */
export type TRunStep = <T>(name: string, work: () => Promise<T>) => Promise<T>;

/** Runs each step as a plain call, in the request. */
export const runNow: TRunStep = (_name, work) => work();

/**
 * Executes a settlement: policy check and one rail call keyed by the settlement id, then
 * completion (receipt) or failure. Each step re-checks that the settlement is still `executing`,
 * so a duplicate, a retry after a crash, or the job and a request both executing it neither
 * repeats a finished settlement nor pays twice.
 */
export async function runExecution(settlementId: string, step: TRunStep) {
  const payment = await step("check-policy-and-pay", () => pay(settlementId));
  const outcome = await settlePayment(settlementId, payment, step);
  if (outcome.status !== "paid") return outcome.result;
  return step("complete", () => completeSettlement(outcome.paid));
}

/** An execution that paid nothing: skipped, or the settlement failed. */
type TUnpaid =
  | { settlementId: string; skipped: string }
  | Awaited<ReturnType<typeof failSettlement>>;

/**
 * What follows the rail call: a payment the rail made is `paid`, for its completion; a refused,
 * declined or voided one has failed the settlement; a skipped one did nothing.
 */
export async function settlePayment(
  settlementId: string,
  payment: TPayment,
  step: TRunStep,
): Promise<{ status: "paid"; paid: TPaidSettlement } | { status: "done"; result: TUnpaid }> {
  const done = (result: TUnpaid) => ({ status: "done" as const, result });
  if (payment.status === "skipped") return done({ settlementId, skipped: payment.reason });
  const { policy } = payment;
  if (payment.status === "refused") {
    const { code, message } = payment.policy.violation!;
    return done(
      await step("fail-policy", () =>
        failSettlement({ settlementId, code, message, policyVersion: policy.policyVersion }),
      ),
    );
  }

  let outcome = payment.outcome;
  if (outcome.status === "timeout") {
    outcome = await step("lookup-status", async () => {
      const lookup = await lookupOrVoidPayment(settlementId);
      if (lookup.status !== "voided") return lookup;
      return {
        status: "declined" as const,
        code: "rail_timeout",
        message: "The rail did not answer in time; it held no payment, and voided it.",
      };
    });
  }
  if (outcome.status === "skipped") return done({ settlementId, skipped: "not executing" });
  if (outcome.status === "declined") {
    const { code, message } = outcome;
    return done(
      await step("fail", () =>
        failSettlement({ settlementId, code, message, policyVersion: policy.policyVersion }),
      ),
    );
  }
  return { status: "paid", paid: { settlementId, externalRef: outcome.externalRef, policy } };
}
