import { defineOperation } from "@/lib/http/operation";
import {
  ZCheckpoint,
  ZConsistencyProof,
  ZConsistencyQuery,
  ZCosignatureSubmission,
  ZInclusionProof,
  ZInclusionQuery,
  ZLogKeys,
  ZStoredCosignature,
  ZTileBytes,
  ZTileParams,
} from "./schemas";

const tag = "Attest log";

export const getCheckpointOperation = defineOperation({
  operationId: "getLogCheckpoint",
  method: "get",
  path: "/attest/log/checkpoint",
  summary: "The log's latest signed checkpoint",
  description:
    "Public, no key. As `text/plain` (the default) a C2SP signed note: `<origin>\\n<tree size>\\n<root hash, base64>\\n`, a blank line, and `— <origin> <base64(key id ‖ Ed25519 signature)>`, then one line per witness cosignature accepted for this checkpoint (c2sp.org/tlog-cosignature). With `Accept: application/json`, the same tree head as JSON; the signing key is in `/.well-known/jwks.json` by `keyId`. 404 until the first receipt is sealed.",
  tag,
  scope: null,
  mediaTypes: ["text/plain", "application/json"],
  response: ZCheckpoint,
  status: 200,
  errors: ["not_found"],
});

export const getLogKeysOperation = defineOperation({
  operationId: "getLogKeys",
  method: "get",
  path: "/attest/log/keys",
  summary: "The log's signing keys: their windows and transition checkpoints",
  description:
    "Public, no key. Every key that signed this log's checkpoints, with the tree sizes it signed (its window; open while it is the active key) and its signed-note vkey, and every transition checkpoint: where `attest rotate-key` (or a new `ATTEST_TREE_HEAD_KEY`) passed signing to a new key, the checkpoint at that size signed by both keys. 404 until the first receipt is sealed.",
  tag,
  scope: null,
  response: ZLogKeys,
  status: 200,
  errors: ["not_found"],
});

export const getConsistencyProofOperation = defineOperation({
  operationId: "getLogConsistencyProof",
  method: "get",
  path: "/attest/log/consistency",
  summary: "Prove that the log of one size extends the log of a smaller size",
  description:
    "Public, no key. An RFC 9162 consistency proof from tree size `from` to tree size `to` (default: the latest checkpoint's). `from` must be at least 1 and at most `to`; `to` at most the latest size.",
  tag,
  scope: null,
  query: ZConsistencyQuery,
  response: ZConsistencyProof,
  status: 200,
  errors: ["not_found"],
});

export const getInclusionProofOperation = defineOperation({
  operationId: "getLogInclusionProof",
  method: "get",
  path: "/attest/log/proof",
  summary: "Prove that a leaf is in the log of a given size",
  description:
    "Public, no key. An RFC 9162 inclusion proof of the leaf whose hash is `leafHash` in the tree of `treeSize` leaves (default: the latest checkpoint's), so a client holding an older checkpoint can still check a receipt. 404 when no such leaf is in that tree.",
  tag,
  scope: null,
  query: ZInclusionQuery,
  response: ZInclusionProof,
  status: 200,
  errors: ["not_found"],
});

export const getTileOperation = defineOperation({
  operationId: "getLogTile",
  method: "get",
  path: "/attest/log/tile/{path}",
  summary: "A tile of the log (C2SP tlog-tiles)",
  description:
    "Public, no key. `tile/<L>/<N>[.p/<W>]`: W hashes (32 bytes each) of tree level 8·L, nodes N·256 onwards; `tile/entries/<N>[.p/<W>]`: W log entries (each the 32 bytes of a receipt's attestHash, after its big-endian uint16 length). N is written in three-digit groups, all but the last prefixed by `x` (1234067 → `x001/x234/067`). Full tiles never change (`Cache-Control: immutable`); partial tiles are the log's growing edge. 404 for a tile the log does not hold.",
  tag,
  scope: null,
  params: ZTileParams,
  mediaTypes: ["application/octet-stream"],
  response: ZTileBytes,
  status: 200,
  errors: ["not_found"],
});

export const addCosignatureOperation = defineOperation({
  operationId: "addLogCosignature",
  method: "post",
  path: "/attest/log/cosignatures",
  summary: "A witness adds its cosignature of a checkpoint of the log",
  description:
    "No key: the cosignature itself is the credential. A witness configured in `ATTEST_WITNESSES` submits its c2sp.org/tlog-cosignature (`cosignature/v1`, Ed25519) of a checkpoint of this log (normally the latest; an earlier one is taken too, since the log may have grown meanwhile). Once it verifies, the checkpoint (both forms) and receipt bundles under that tree head carry it. 403 for a witness not configured, 409 for a size beyond the latest checkpoint, 400 for a checkpoint that is not this log's tree at its size or a cosignature that does not verify; nothing is stored then. The same witness and size again answers the cosignature stored first.",
  tag,
  scope: null,
  body: ZCosignatureSubmission,
  response: ZStoredCosignature,
  status: 201,
  errors: ["invalid_request", "forbidden", "not_found", "conflict"],
  notAnMcpTool:
    "a witness signs with its own private key (`agent-settlement attest witness`); a model has no cosignature to give",
});

export const attestLogOperations = [
  getCheckpointOperation,
  getLogKeysOperation,
  addCosignatureOperation,
  getConsistencyProofOperation,
  getInclusionProofOperation,
  getTileOperation,
];
