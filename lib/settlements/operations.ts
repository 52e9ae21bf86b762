import { z } from "zod";
import { mandateViolationCodes } from "@/lib/attest/mandate";
import { defineOperation } from "@/lib/http/operation";
import { listResponse } from "@/lib/http/pagination";
import {
  ZCreateSettlementBody,
  ZDisputeSettlementBody,
  ZExecuteSettlementBody,
  ZListSettlementsQuery,
  ZReverseSettlementBody,
  ZSettlement,
  ZSettlementParams,
  ZSettlementStats,
  ZSettlementStatsQuery,
} from "./schemas";

const tag = "Settlements";

export const createSettlementOperation = defineOperation({
  operationId: "createSettlement",
  method: "post",
  path: "/settlements",
  summary: "Create the settlement of an accepted negotiation",
  description:
    "One settlement per negotiation (409 for a second one, or for a negotiation that is not accepted). Only the initiator's (payer's) organization settles. Status `pending`. 422 `mandate_*` when the payer's spending mandate can never allow the terms (expired, currency without a limit, above the per-settlement or daily limit, a payee not allowed).",
  tag,
  scope: "settlement.create",
  body: ZCreateSettlementBody,
  response: ZSettlement,
  status: 201,
  errors: ["not_found", "conflict", ...mandateViolationCodes],
});

export const listSettlementsOperation = defineOperation({
  operationId: "listSettlements",
  method: "get",
  path: "/settlements",
  summary: "List settlements any of your agents is party to, newest first",
  tag,
  scope: "settlement.read",
  query: ZListSettlementsQuery,
  response: listResponse(ZSettlement, "SettlementList"),
  status: 200,
});

export const settlementStatsOperation = defineOperation({
  operationId: "getSettlementStats",
  method: "get",
  path: "/settlements/stats",
  summary: "Settlement statistics",
  description:
    "Counts per status, executed volume per currency, success rate, and mean and p95 time from execute to executed, over settlements created in the optional `from`/`to` window.",
  tag,
  organizationWide: true,
  scope: "settlement.read",
  query: ZSettlementStatsQuery,
  response: ZSettlementStats,
  status: 200,
});

export const getSettlementOperation = defineOperation({
  operationId: "getSettlement",
  method: "get",
  path: "/settlements/{id}",
  summary: "Retrieve a settlement",
  tag,
  scope: "settlement.read",
  params: ZSettlementParams,
  response: ZSettlement,
  status: 200,
  errors: ["not_found"],
});

export const executeSettlementOperation = defineOperation({
  operationId: "executeSettlement",
  method: "post",
  path: "/settlements/{id}/execute",
  summary: "Execute a settlement on its payment rail",
  description:
    "Answers 202 with status `executing`; the work continues in the background and ends `executed` (with a receipt) or `failed` (`failureCode`, `failureMessage`). Exactly once: any further or concurrent call gets 409. With `Prefer: wait=N` (RFC 7240, N ≤ 30 seconds; more waits 30), the answer waits for the outcome: 200 with the final settlement and `Preference-Applied: wait=N` when it comes within N seconds, otherwise 202 as without it. Under the payer's spending mandate, execution re-checks it and reserves the amount on the payer's spending of the UTC day: 422 `mandate_*` when it refuses, before any money moves (the settlement stays `pending`).",
  tag,
  scope: "settlement.execute",
  params: ZSettlementParams,
  body: ZExecuteSettlementBody,
  response: ZSettlement,
  status: 202,
  alsoAnswers: {
    200: "The final settlement (`executed` or `failed`), when it finished within the `Prefer: wait` time.",
  },
  headers: z.object({
    Prefer: z.string().optional().meta({
      description: "`wait=N`: hold the answer up to N seconds (at most 30) for the outcome.",
    }),
  }),
  errors: ["not_found", "conflict", ...mandateViolationCodes],
});

export const reverseSettlementOperation = defineOperation({
  operationId: "reverseSettlement",
  method: "post",
  path: "/settlements/{id}/reverse",
  summary: "Reverse an executed settlement",
  description:
    "Moves the money back on the rail and sets status `reversed`. 409 unless `executed`, while another reversal of it is at the rail, or when the rail refuses (e.g. a payee's wallet no longer holds its share). 502 when the rail does not answer in time: the settlement then stays claimed for two rail timeouts (409 meanwhile), after which repeating the request completes the reversal (the rail reverses at most once). A request that repeats a recorded reversal (same `reason`, or none again) answers 200 with the settlement and moves nothing, so a retry after a 502 gets the reversal's outcome.",
  tag,
  scope: "settlement.reverse",
  params: ZSettlementParams,
  body: ZReverseSettlementBody,
  response: ZSettlement,
  status: 200,
  errors: ["not_found", "conflict", "bad_gateway"],
});

export const disputeSettlementOperation = defineOperation({
  operationId: "disputeSettlement",
  method: "post",
  path: "/settlements/{id}/dispute",
  summary: "Dispute an executed settlement",
  description:
    "Any party's organization may dispute; status `disputed`. 409 unless `executed`, or while a reversal of it is at the rail.",
  tag,
  scope: "governance.dispute",
  params: ZSettlementParams,
  body: ZDisputeSettlementBody,
  response: ZSettlement,
  status: 200,
  errors: ["not_found", "conflict"],
});

export const settlementOperations = [
  createSettlementOperation,
  listSettlementsOperation,
  settlementStatsOperation,
  getSettlementOperation,
  executeSettlementOperation,
  reverseSettlementOperation,
  disputeSettlementOperation,
];
