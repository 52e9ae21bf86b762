import { handleConsole } from "@/lib/console/handle-console";
import { ZIdParams, ZKeyUsageQuery, ZRenameKeyBody } from "@/lib/console/schemas";
import { getApiKeyOrThrow } from "@/lib/keys/get-key";
import { presentKey } from "@/lib/keys/present-key";
import { renameApiKey } from "@/lib/keys/rename-key";
import { routeMethods } from "@/lib/pipeline/handle";
import { keyUsageByDay } from "@/lib/request-logs/key-usage";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/keys/:id - one key with its logged requests per day and status class
  GET: handleConsole(
    { params: ZIdParams, query: ZKeyUsageQuery },
    async ({ organizationId, params, query }) => {
      const key = presentKey(await getApiKeyOrThrow({ organizationId, keyId: params.id }));
      const usage = await keyUsageByDay({ organizationId, keyId: key.id, days: query.days });
      return { key, usage };
    },
  ),
  // PATCH /api/console/keys/:id - rename a key
  PATCH: handleConsole(
    { params: ZIdParams, body: ZRenameKeyBody },
    ({ organizationId, params, body }) =>
      renameApiKey({ organizationId, keyId: params.id, name: body.name }),
  ),
});
