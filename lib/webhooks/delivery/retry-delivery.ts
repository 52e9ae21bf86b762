import { db } from "@/db/client";
import { conflict } from "@/lib/http/api-error";
import type { Tenant } from "@/lib/webhooks/endpoints/visibility";
import { getWebhookDeliveryOrThrow } from "./get-delivery";
import { presentDelivery } from "./present-delivery";
import { requeueDeliveries } from "./requeue-deliveries";

/**
 * Sends a finished delivery (failed, cancelled, or delivered) again, on a fresh retry schedule;
 * the attempt numbers continue where they stopped. A test delivery is not sent again.
 */
export async function retryWebhookDelivery({
  tenant,
  endpointId,
  deliveryId,
}: {
  tenant: Tenant;
  endpointId: string;
  deliveryId: string;
}) {
  return db.transaction(async (tx) => {
    const { endpoint, delivery } = await getWebhookDeliveryOrThrow(
      { tenant, endpointId, deliveryId, forUpdate: true },
      tx,
    );
    if (delivery.test) {
      throw conflict("A test delivery is not sent again; send another test event instead.");
    }
    if (delivery.status === "pending") {
      throw conflict("The delivery is still pending; it will be attempted on its schedule.");
    }
    if (endpoint.status === "disabled") {
      throw conflict("The endpoint is disabled; set its status to active first.", "id");
    }
    const [updated] = await requeueDeliveries(tx, [delivery]);
    return presentDelivery(updated!);
  });
}
