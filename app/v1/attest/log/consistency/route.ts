import { getConsistencyProofOperation } from "@/lib/attest-log/operations";
import { readConsistencyProof } from "@/lib/attest-log/proofs";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  {
    // GET /v1/attest/log/consistency - proof that one tree size extends another
    GET: handle(getConsistencyProofOperation, ({ environment, query }) =>
      readConsistencyProof({ environment, from: query.from, to: query.to }),
    ),
  },
  { anyOrigin: true },
);
