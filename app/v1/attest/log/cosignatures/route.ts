import { addCosignature } from "@/lib/attest-log/cosignatures";
import { addCosignatureOperation } from "@/lib/attest-log/operations";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/attest/log/cosignatures - a configured witness cosigns the latest checkpoint
  POST: handle(addCosignatureOperation, ({ environment, body }) =>
    addCosignature({ environment, submission: body }),
  ),
});
