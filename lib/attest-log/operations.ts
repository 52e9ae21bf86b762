import { defineOperation } from "@/lib/http/operation";
import {
  ZCheckpoint,
  ZConsistencyProof,
  ZConsistencyQuery,
  ZInclusionProof,
  ZInclusionQuery,
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
    "Public, no key. As `text/plain` (the default) a C2SP signed note: `<origin>\\n<tree size>\\n<root hash, base64>\\n`, a blank line, and `— <origin> <base64(key id ‖ Ed25519 signature)>`. With `Accept: application/json`, the same tree head as JSON; the signing key is in `/.well-known/jwks.json` by `keyId`. 404 until the first receipt is sealed.",
  tag,
  scope: null,
  mediaTypes: ["text/plain", "application/json"],
  response: ZCheckpoint,
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

export const attestLogOperations = [
  getCheckpointOperation,
  getConsistencyProofOperation,
  getInclusionProofOperation,
  getTileOperation,
];
