import { randomUUID } from "node:crypto";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { verifyReceiptOperation } from "@/lib/receipts/operations";
import {
  createSettlementOperation,
  executeSettlementOperation,
  getSettlementOperation,
} from "@/lib/settlements/operations";
import { chainedAnnotations } from "./annotations";
import type { TApiClient } from "./api-client";
import { inputJsonSchema, outputJsonSchema } from "./json-schema";
import type { TProgress, TTool } from "./operation-tools";
import { toolError, toolResult } from "./tool-result";

const ZSettleInput = z.object({
  negotiationId: z.string().min(1).meta({ description: "An accepted negotiation's id." }),
  adapter: z
    .string()
    .optional()
    .meta({ description: "The payment rail; default: the deployment's." }),
  waitSeconds: z
    .number()
    .int()
    .min(0)
    .max(60)
    .default(20)
    .meta({ description: "How long to wait for the final status (0 to 60 s)." }),
  idempotencyKey: z.string().min(1).max(200).optional().meta({
    description: "Send the same key when retrying: the settlement is created and executed once.",
  }),
});

const ZVerifyInput = z.object({
  receiptId: z.string().min(1).meta({ description: "The receipt's id (rcp-…)." }),
  includeEvidence: z
    .boolean()
    .default(false)
    .meta({ description: "Also return the evidence records the receipt was built from." }),
});

const ZSettleOutcome = z.object({
  settlement: getSettlementOperation.response,
  receiptId: z
    .string()
    .nullable()
    .meta({ description: "The receipt of the settlement once executed, else null." }),
});

/** What settle calls besides the receipts list, which it may lack (its receiptId is then null). */
const settleOperations = [
  createSettlementOperation,
  executeSettlementOperation,
  getSettlementOperation,
];

type TSettlement = { id: string; status: string };
type TVerification = {
  status: string;
  hashMatch: boolean;
  policyCompliant: boolean;
  checks?: { name: string; ok: boolean; detail?: string }[];
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function settle(
  args: z.infer<typeof ZSettleInput>,
  api: TApiClient,
  progress: TProgress,
): Promise<CallToolResult> {
  const key = args.idempotencyKey ?? randomUUID();
  const created = await api({
    method: "POST",
    path: "/settlements",
    body: { negotiationId: args.negotiationId, ...(args.adapter ? { adapter: args.adapter } : {}) },
    idempotencyKey: `${key}:create`,
  });
  if (created.status >= 400) return toolResult(created);
  const { id } = created.body as TSettlement;
  await progress({ progress: 1, total: 3, message: `Created settlement ${id}.` });
  await progress({ progress: 2, total: 3, message: `Executing ${id} on its rail.` });
  const executed = await api({
    method: "POST",
    path: `/settlements/${id}/execute`,
    body: {},
    idempotencyKey: `${key}:execute`,
    // The API waits for the outcome itself (up to 30 s); the reads below cover the rest.
    prefer: args.waitSeconds > 0 ? `wait=${Math.min(args.waitSeconds, 30)}` : undefined,
  });
  if (executed.status >= 400) return toolResult(executed);
  let current = executed.body as TSettlement;
  for (
    let delay = 100, deadline = Date.now() + args.waitSeconds * 1000;
    ;
    delay = Math.min(delay * 2, 1000)
  ) {
    const read = await api({ method: "GET", path: `/settlements/${id}` });
    if (read.status >= 400) return toolResult(read);
    current = read.body as TSettlement;
    if (current.status !== "executing" && current.status !== "pending") break;
    if (Date.now() + delay > deadline) break;
    await wait(delay);
  }
  if (current.status !== "executing" && current.status !== "pending")
    await progress({ progress: 3, total: 3, message: `${id} is ${current.status}.` });
  const receipts = await api({ method: "GET", path: "/receipts", query: { settlementId: id } });
  const receipt = ((receipts.body as { data?: { id: string }[] })?.data ?? [])[0];
  const outcome = { settlement: current, receiptId: receipt?.id ?? null };
  const result = toolResult({ status: 200, body: outcome });
  const next =
    current.status === "executed"
      ? `Settled: ${id} is executed${receipt ? `; receipt ${receipt.id} (verify it with verify_receipt)` : ""}.`
      : current.status === "executing"
        ? `${id} is still executing after ${args.waitSeconds} s; read it later with get_settlement.`
        : `${id} ended ${current.status}.`;
  return { ...result, content: [{ type: "text", text: next }, ...result.content] };
}

async function verify(
  args: z.infer<typeof ZVerifyInput>,
  api: TApiClient,
): Promise<CallToolResult> {
  const answer = await api({
    method: "POST",
    path: `/receipts/${encodeURIComponent(args.receiptId)}/verify`,
    body: { recomputeHash: true, includeEvidence: args.includeEvidence },
  });
  if (answer.status >= 400) return toolResult(answer);
  const verification = answer.body as TVerification;
  const failed = (verification.checks ?? []).filter((check) => !check.ok);
  const verdict =
    verification.status === "valid"
      ? `Receipt ${args.receiptId} is VALID: its evidence chain, attest hash, policy, inclusion in the public log and the log's signature all check out.`
      : `Receipt ${args.receiptId} is ${verification.status.toUpperCase()}: ${
          failed
            .map((check) => `${check.name}${check.detail ? ` (${check.detail})` : ""}`)
            .join("; ") ||
          (verification.hashMatch ? "" : "its attest hash does not match") ||
          "see the checks"
        }.`;
  const result = toolResult(answer);
  return { ...result, content: [{ type: "text", text: verdict }, ...result.content] };
}

/** Tools that chain several API calls into the step an agent thinks in. */
export const compositeTools = (): TTool[] => [
  {
    name: "settle",
    description:
      "Pay what an accepted negotiation says, in one call: create its settlement, execute it on the rail and wait for the final status (up to `waitSeconds`). Answers the settlement and its receipt id. Retrying with the same `idempotencyKey` never pays twice. Given a progressToken, it reports each step (created, executing, final status) as progress notifications.",
    inputSchema: inputJsonSchema(ZSettleInput),
    outputSchema: outputJsonSchema(ZSettleOutcome),
    annotations: chainedAnnotations("Settle an accepted negotiation", settleOperations),
    operations: settleOperations,
    run: async (args, api, progress) => {
      const parsed = ZSettleInput.safeParse(args);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return toolError("invalid_request", issue.message, String(issue.path[0] ?? ""));
      }
      return settle(parsed.data, api, progress);
    },
  },
  {
    name: "verify_receipt",
    description:
      "Check a receipt completely (evidence chain, attest hash recomputed, policy, inclusion in the public log, tree-head signature) and say in plain words whether it is valid and, if not, which check failed. The API operation POST /receipts/{id}/verify behind it.",
    inputSchema: inputJsonSchema(ZVerifyInput),
    outputSchema: outputJsonSchema(verifyReceiptOperation.response),
    annotations: chainedAnnotations("Verify a receipt", [verifyReceiptOperation]),
    operations: [verifyReceiptOperation],
    run: async (args, api) => {
      const parsed = ZVerifyInput.safeParse(args);
      if (!parsed.success)
        return toolError("invalid_request", "receiptId is required.", "receiptId");
      return verify(parsed.data, api);
    },
  },
];
