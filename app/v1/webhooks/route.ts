import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { createWebhookEndpoint } from "@/lib/webhooks/endpoints/create-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/endpoints/list-endpoints";
import { createWebhookOperation, listWebhooksOperation } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/webhooks - list webhook endpoints
  GET: handle(listWebhooksOperation, ({ auth, query }) =>
    listWebhookEndpoints({ tenant: tenantOf(auth), query }),
  ),
  // POST /v1/webhooks - register a webhook endpoint
  POST: handle(createWebhookOperation, ({ auth, body }) =>
    createWebhookEndpoint({ tenant: tenantOf(auth), input: body }),
  ),
});
