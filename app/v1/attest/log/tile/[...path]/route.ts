import { getTileOperation } from "@/lib/attest-log/operations";
import { readTile } from "@/lib/attest-log/tiles";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  {
    // GET /v1/attest/log/tile/... - a C2SP tile of the log
    GET: handle(getTileOperation, ({ environment, params }) => readTile(environment, params.path)),
  },
  { anyOrigin: true },
);
