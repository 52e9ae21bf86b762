import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { getEvidenceOperation } from "@/lib/receipts/attest-operations";
import { getEvidence } from "@/lib/receipts/get-evidence";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/attest/evidence/:id - retrieve cryptographic evidence
  GET: handle(getEvidenceOperation, ({ auth, params }) =>
    getEvidence({ tenant: tenantOf(auth), evidenceId: params.id }),
  ),
});
