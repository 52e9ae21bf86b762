import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { deleteWebhookEndpoint } from "@/lib/webhooks/endpoints/delete-endpoint";
import { getWebhookEndpointDetails } from "@/lib/webhooks/endpoints/get-endpoint-details";
import { updateWebhookEndpoint } from "@/lib/webhooks/endpoints/update-endpoint";
import {
  deleteWebhookOperation,
  getWebhookOperation,
  updateWebhookOperation,
} from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/webhooks/:id - retrieve a webhook endpoint with its statistics
  GET: handle(getWebhookOperation, ({ auth, params }) =>
    getWebhookEndpointDetails({ tenant: tenantOf(auth), endpointId: params.id }),
  ),
  // PATCH /v1/webhooks/:id - change URL, events, status, description or secret
  PATCH: handle(updateWebhookOperation, ({ auth, params, body }) =>
    updateWebhookEndpoint({ tenant: tenantOf(auth), endpointId: params.id, input: body }),
  ),
  // DELETE /v1/webhooks/:id - delete an endpoint and cancel its pending deliveries
  DELETE: handle(deleteWebhookOperation, ({ auth, params }) =>
    deleteWebhookEndpoint({ tenant: tenantOf(auth), endpointId: params.id }),
  ),
});
