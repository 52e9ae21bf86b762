import { latestHead } from "@/lib/attest-log/latest-head";
import { getLogKeysOperation } from "@/lib/attest-log/operations";
import { presentLogKeys } from "@/lib/attest-log/present-log-keys";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  {
    // GET /v1/attest/log/keys - the log's signing keys, their windows and transition checkpoints
    GET: handle(getLogKeysOperation, async ({ environment }) =>
      presentLogKeys(await latestHead(environment)),
    ),
  },
  { anyOrigin: true },
);
