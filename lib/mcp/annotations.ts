import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { TOperation } from "@/lib/http/operation";

/** POSTs that only compute an answer from what is stored: a check or a replay writes nothing. */
const computeOnly = new Set(["verifyReceipt", "attestVerify", "attestReplay"]);

/** POSTs whose repetition changes nothing: the API refuses or replays the second call. */
const repeatable = new Set([
  "revokeAgentKey", // a revoked key stays revoked
  "revokeAgentTokens", // "Repeating a revocation changes nothing"
  "executeSettlement", // exactly once: any further call is 409
  "reverseSettlement", // a repeated reversal answers the recorded one and moves nothing
  "disputeSettlement", // 409 unless executed: a disputed settlement is not disputed again
]);

/** Calls that reach beyond the service: a payment rail, or a webhook endpoint's URL. */
const outward = new Set([
  "executeSettlement",
  "reverseSettlement",
  "testWebhook",
  "retryWebhookDelivery",
  "resendEvent",
]);

/** Calls that take something away: deletion, revocation, money moved back, a dispute. */
const destructive = (operation: TOperation) =>
  operation.method === "delete" || /^(revoke|reverse|dispute)/.test(operation.operationId);

/**
 * What an MCP host may assume of an operation's tool, every hint derived here:
 * - readOnlyHint: a GET, or a POST that only computes (computeOnly); anything else writes, and
 *   money-moving tools (execute, fund, reverse) are never read-only.
 * - destructiveHint: DELETE, revoke, reverse, dispute take away; PATCH overwrites fields;
 *   creations and money moved forward only add.
 * - idempotentHint: reads, PATCH (the same fields again) and DELETE (gone stays gone), and the
 *   POSTs the API answers once (repeatable); a creation repeats unless the same
 *   `idempotencyKey` is sent, which the hint cannot promise.
 * - openWorldHint: only calls that reach a payment rail or a webhook URL (outward); every other
 *   tool stays within the service's own records.
 */
export function toolAnnotations(operation: TOperation): ToolAnnotations {
  const readOnly = operation.method === "get" || computeOnly.has(operation.operationId);
  return {
    title: operation.summary,
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && (destructive(operation) || operation.method === "patch"),
    idempotentHint:
      readOnly ||
      operation.method === "patch" ||
      operation.method === "delete" ||
      repeatable.has(operation.operationId),
    openWorldHint: outward.has(operation.operationId),
  };
}

/**
 * The hints of a composite tool, from the operations it chains: read-only and idempotent when
 * every step is, destructive and open-world when any step is.
 */
export function chainedAnnotations(title: string, operations: TOperation[]): ToolAnnotations {
  const steps = operations.map(toolAnnotations);
  return {
    title,
    readOnlyHint: steps.every((step) => step.readOnlyHint),
    destructiveHint: steps.some((step) => step.destructiveHint),
    idempotentHint: steps.every((step) => step.idempotentHint),
    openWorldHint: steps.some((step) => step.openWorldHint),
  };
}
