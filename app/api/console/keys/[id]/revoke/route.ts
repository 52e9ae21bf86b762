import { handleConsole } from "@/lib/console/handle-console";
import { ZIdParams } from "@/lib/console/schemas";
import { revokeApiKey } from "@/lib/keys/revoke-key";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/keys/:id/revoke - the key stops working at once
  POST: handleConsole({ params: ZIdParams }, ({ organizationId, params }) =>
    revokeApiKey({ organizationId, keyId: params.id }),
  ),
});
