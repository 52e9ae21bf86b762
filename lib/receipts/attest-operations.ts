import { defineOperation } from "@/lib/http/operation";
import {
  ZAttestTarget,
  ZAttestVerification,
  ZEvidenceDetail,
  ZEvidenceParams,
  ZReplayResult,
} from "./schemas";

const tag = "Attest engine";

export const attestVerifyOperation = defineOperation({
  operationId: "attestVerify",
  method: "post",
  path: "/attest/verify",
  summary: "Verify a settlement's integrity",
  description:
    "Give `settlementId` or `receiptId`. Checks the evidence chain, the attest hash, the terms, the policy, the agreement (format 2), the receipt's inclusion in the log and the signed tree head; the same checks and the same 409 as `POST /v1/receipts/{id}/verify`.",
  tag,
  organizationWide: true,
  scope: "attest.verify",
  body: ZAttestTarget,
  response: ZAttestVerification,
  status: 200,
  errors: ["not_found", "conflict"],
});

export const getEvidenceOperation = defineOperation({
  operationId: "getEvidence",
  method: "get",
  path: "/attest/evidence/{id}",
  summary: "Retrieve an evidence record with its chain and inclusion context",
  tag,
  organizationWide: true,
  scope: "attest.investigate",
  params: ZEvidenceParams,
  response: ZEvidenceDetail,
  status: 200,
  errors: ["not_found"],
});

export const attestReplayOperation = defineOperation({
  operationId: "attestReplay",
  method: "post",
  path: "/attest/replay",
  summary: "Replay a settlement through the engine",
  description:
    "Give `settlementId` or `receiptId`. Re-runs the state transitions, the split computation and the policy evaluation from the recorded evidence under the recorded policy version, rebuilds the receipt hash, and reports `deterministic` with a diff of everything that came out differently.",
  tag,
  organizationWide: true,
  scope: "attest.investigate",
  body: ZAttestTarget,
  response: ZReplayResult,
  status: 200,
  errors: ["not_found"],
});

export const attestOperations = [
  attestVerifyOperation,
  getEvidenceOperation,
  attestReplayOperation,
];
