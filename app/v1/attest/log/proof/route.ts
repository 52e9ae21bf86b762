import { getInclusionProofOperation } from "@/lib/attest-log/operations";
import { readInclusionProof } from "@/lib/attest-log/proofs";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  {
    // GET /v1/attest/log/proof - inclusion proof of a leaf by its hash
    GET: handle(getInclusionProofOperation, ({ environment, query }) =>
      readInclusionProof({ environment, leafHash: query.leafHash, treeSize: query.treeSize }),
    ),
  },
  { anyOrigin: true },
);
