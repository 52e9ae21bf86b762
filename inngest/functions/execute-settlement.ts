import { inngest } from "@/inngest/client";
import { lookupOrVoidPayment } from "@/lib/settlements/execution/call-rail";
import { completeSettlement } from "@/lib/settlements/execution/complete-settlement";
import { failSettlement } from "@/lib/settlements/execution/fail-settlement";
import { pay } from "@/lib/settlements/execution/pay";
import { resolveAbandonedExecution } from "@/lib/settlements/execution/resolve-abandoned-execution";
import { settlementExecuteRequested } from "@/lib/settlements/jobs";

/**
 * Executes a settlement: policy check and one rail call keyed by the settlement id, then completion
 * (receipt) or failure. Each step re-checks that the settlement is still `executing`, so a
 * duplicate event or a retry after a crash neither repeats a finished settlement nor pays twice.
 */
export const executeSettlement = inngest.createFunction(
  {
    id: "execute-settlement",
    triggers: [{ event: settlementExecuteRequested }],
    retries: 5,
    concurrency: { key: "event.data.settlementId", limit: 1 },
    // The steps' results travel with the run's end instead of in a checkpoint call each. A crash
    // before that runs them again, which is safe: each re-checks the settlement's state, and
    // the rail call is keyed by the settlement id.
    checkpointing: { bufferedSteps: 3 },
    onFailure: async ({ event, error, step }) => {
      const { settlementId } = event.data.event.data as { settlementId: string };
      await step.run("resolve-abandoned", () =>
        resolveAbandonedExecution(settlementId, error.message),
      );
    },
  },
  async ({ event, step }) => {
    const { settlementId } = event.data as { settlementId: string };
    const payment = await step.run("check-policy-and-pay", () => pay(settlementId));
    if (payment.status === "skipped") return { settlementId, skipped: payment.reason };
    const { policy } = payment;
    if (payment.status === "refused") {
      const { code, message } = payment.policy.violation!;
      return step.run("fail-policy", () =>
        failSettlement({ settlementId, code, message, policyVersion: policy.policyVersion }),
      );
    }

    let outcome = payment.outcome;
    if (outcome.status === "timeout") {
      outcome = await step.run("lookup-status", async () => {
        const lookup = await lookupOrVoidPayment(settlementId);
        if (lookup.status !== "voided") return lookup;
        return {
          status: "declined" as const,
          code: "rail_timeout",
          message: "The rail did not answer in time; it held no payment, and voided it.",
        };
      });
    }
    if (outcome.status === "skipped") return { settlementId, skipped: "not executing" };
    if (outcome.status === "declined") {
      const { code, message } = outcome;
      return step.run("fail", () =>
        failSettlement({ settlementId, code, message, policyVersion: policy.policyVersion }),
      );
    }
    const { externalRef } = outcome;
    return step.run("complete", () => completeSettlement({ settlementId, externalRef, policy }));
  },
);
