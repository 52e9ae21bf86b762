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

function outcomeOf(charge: typeof sandboxCharges.$inferSelect): TRailOutcome {
  if (charge.status === "declined") {
    return {
      status: "declined",
      code: charge.declineCode ?? "rail_declined",
      message: `The sandbox rail declined ${charge.amountValue} ${charge.currency} (trigger amount).`,
    };
  }
  return { status: "succeeded", externalRef: charge.externalRef };
}

/**
 * A deterministic simulator with its own books (`sandbox_charges`): the outcome depends only on
 * the amount, the reference only on the settlement id, and a repeated call returns the charge
 * recorded by the first one (counting the attempt).
 */
export const sandboxRail: TRailAdapter = {
  name: "sandbox",
  async execute(request: TRailRequest) {
    const decision = decide(request.amount.value);
    const [charge] = await db
      .insert(sandboxCharges)
      .values({
        settlementId: request.settlementId,
        environment: request.environment,
        amountValue: request.amount.value,
        currency: request.amount.currency,
        status: decision.status,
        declineCode: decision.declineCode,
        externalRef: externalRefOf(request.settlementId),
      })
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
  async lookupStatus(request: TRailRequest) {
    const [charge] = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.settlementId, request.settlementId));
    if (!charge) return { status: "not_found" };
    if (charge.status === "reversed")
      return { status: "succeeded", externalRef: charge.externalRef };
    return outcomeOf(charge);
  },
};
