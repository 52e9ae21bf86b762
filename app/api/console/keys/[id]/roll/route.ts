import { handleConsole } from "@/lib/console/handle-console";
import { ZIdParams, ZRollKeyBody } from "@/lib/console/schemas";
import { rollApiKey } from "@/lib/keys/roll-key";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/keys/:id/roll - new secret; the old one works until the overlap ends
  POST: handleConsole(
    { params: ZIdParams, body: ZRollKeyBody },
    ({ organizationId, params, body }) =>
      rollApiKey({ organizationId, keyId: params.id, overlap: body.overlap }),
  ),
});
