import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { sandboxCharges } from "@/db/schema";
import { railTimeoutMs } from "./call-with-timeout";
import { sandboxSlowMs, sandboxTriggers } from "./sandbox-triggers";
import type { TRailAdapter, TRailOutcome, TRailRequest } from "./types";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

const externalRefOf = (settlementId: string) =>
  `sbx_${createHash("sha256").update(settlementId).digest("hex").slice(0, 24)}`;

function decide(value: number): { status: "succeeded" | "declined"; declineCode: string | null } {
  if (value === sandboxTriggers.decline)
    return { status: "declined", declineCode: "rail_declined" };
  if (value === sandboxTriggers.insufficientFunds)
    return { status: "declined", declineCode: "insufficient_funds" };
  return { status: "succeeded", declineCode: null };
}

/** The decline code of a charge voided by a lookup before its payment arrived. */
const voidedCode = "rail_timeout";

function outcomeOf(charge: typeof sandboxCharges.$inferSelect): TRailOutcome {
  if (charge.status === "declined") {
    return {
      status: "declined",
      code: charge.declineCode ?? "rail_declined",
      message:
        charge.declineCode === voidedCode
          ? "The payment did not reach the sandbox rail in time and was voided."
          : `The sandbox rail declined ${charge.amountValue} ${charge.currency} (trigger amount).`,
    };
  }
  return { status: "succeeded", externalRef: charge.externalRef };
}

const chargeOf = (request: TRailRequest) => ({
  settlementId: request.settlementId,
  environment: request.environment,
  amountValue: request.amount.value,
  currency: request.amount.currency,
  externalRef: externalRefOf(request.settlementId),
});

/**
 * A deterministic simulator with its own books (`sandbox_charges`, one row per settlement): the
 * outcome depends only on the amount, the reference only on the settlement id, and a repeated
 * call returns the charge recorded by the first one (counting the attempt). A lookup that finds
 * no charge records a declined one, so a payment arriving after it is declined; the row's unique
 * settlement id makes the two wait for each other.
 */
export const sandboxRail: TRailAdapter = {
  name: "sandbox",
  async execute(request: TRailRequest) {
    const decision = decide(request.amount.value);
    const [charge] = await db
      .insert(sandboxCharges)
      .values({ ...chargeOf(request), ...decision })
      .onConflictDoUpdate({
        target: sandboxCharges.settlementId,
        set: { attempts: sql`${sandboxCharges.attempts} + 1` },
      })
      .returning();
    if (request.amount.value === sandboxTriggers.slow) await sleep(sandboxSlowMs());
    if (request.amount.value === sandboxTriggers.timeout) await sleep(railTimeoutMs() * 10);
    return outcomeOf(charge!);
  },
  async reverse(request: TRailRequest) {
    const [charge] = await db
      .update(sandboxCharges)
      .set({ status: "reversed", reversedAt: sql`coalesce(${sandboxCharges.reversedAt}, now())` })
      .where(
        sql`${sandboxCharges.settlementId} = ${request.settlementId} and ${sandboxCharges.status} in ('succeeded', 'reversed')`,
      )
      .returning();
    if (request.amount.value === sandboxTriggers.slow) await sleep(sandboxSlowMs());
    if (!charge) {
      return {
        status: "declined",
        code: "not_reversible",
        message: "The sandbox rail has no successful charge for this settlement.",
      };
    }
    return { status: "succeeded", externalRef: `${charge.externalRef}_rev` };
  },
  async lookupOrVoid(request: TRailRequest) {
    const [voided] = await db
      .insert(sandboxCharges)
      .values({ ...chargeOf(request), status: "declined", declineCode: voidedCode, attempts: 0 })
      .onConflictDoNothing({ target: sandboxCharges.settlementId })
      .returning({ settlementId: sandboxCharges.settlementId });
    if (voided) return { status: "voided" };
    // The charge the insert conflicted with: committed, since the insert waited for it.
    const [charge] = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.settlementId, request.settlementId));
    if (!charge) throw new Error(`sandbox charge of ${request.settlementId} vanished`);
    if (charge.status === "reversed")
      return { status: "succeeded", externalRef: charge.externalRef };
    return outcomeOf(charge);
  },
};
