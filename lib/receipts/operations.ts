import { defineOperation } from "@/lib/http/operation";
import { listResponse } from "@/lib/http/pagination";
import {
  ZListReceiptsQuery,
  ZReceiptBundleOut,
  ZReceiptFull,
  ZReceiptListItem,
  ZReceiptParams,
  ZReceiptVerification,
  ZVerifyReceiptBody,
} from "./schemas";

const tag = "Receipts";

export const listReceiptsOperation = defineOperation({
  operationId: "listReceipts",
  method: "get",
  path: "/receipts",
  summary: "List the receipts of the settlements your organization is party to, newest first",
  tag,
  organizationWide: true,
  scope: "receipt.list",
  query: ZListReceiptsQuery,
  response: listResponse(ZReceiptListItem, "ReceiptList"),
  status: 200,
});

export const getReceiptOperation = defineOperation({
  operationId: "getReceipt",
  method: "get",
  path: "/receipts/{id}",
  summary: "Retrieve a receipt",
  tag,
  scope: "receipt.read",
  params: ZReceiptParams,
  response: ZReceiptFull,
  status: 200,
  errors: ["not_found"],
});

export const getReceiptBundleOperation = defineOperation({
  operationId: "getReceiptBundle",
  method: "get",
  path: "/receipts/{id}/bundle",
  summary: "Export a receipt for offline verification",
  description:
    "The full receipt plus its evidence records, its inclusion proof in the attest log and the log's signed tree head: verify it with `npm run cli -- receipts verify` (or `verifyReceiptBundle`) and the JWKS alone. 409 while the receipt is still `pending`.",
  tag,
  scope: "receipt.read",
  params: ZReceiptParams,
  response: ZReceiptBundleOut,
  status: 200,
  errors: ["not_found", "conflict"],
});

export const verifyReceiptOperation = defineOperation({
  operationId: "verifyReceipt",
  method: "post",
  path: "/receipts/{id}/verify",
  summary: "Re-verify a receipt against the attest engine",
  description:
    "Runs the named checks (evidence_chain, attest_hash, terms, policy, agreement for format 2, mandate_signature when the payer had a mandate, inclusion, tree_head_signature, tree_head_key_window) on the stored receipt. A receipt that no longer verifies becomes `invalid`. 409 while another verification of the same receipt runs.",
  tag,
  scope: "attest.verify",
  params: ZReceiptParams,
  body: ZVerifyReceiptBody,
  response: ZReceiptVerification,
  status: 200,
  errors: ["not_found", "conflict"],
});

export const receiptOperations = [
  listReceiptsOperation,
  getReceiptOperation,
  getReceiptBundleOperation,
  verifyReceiptOperation,
];
