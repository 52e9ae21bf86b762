/** Inngest events of webhook delivery, sent through the outbox. */
export const deliveryRequested = "webhook/delivery.requested";
/** Cancels every running delivery of the endpoint (`cancelOn` of deliver-webhook). */
export const endpointDeleted = "webhook/endpoint.deleted";

export type TDeliveryRequested = {
  deliveryId: string;
  endpointId: string;
  /** Number of the first attempt of this run: 1, or the next one for a manual retry. */
  firstAttempt?: number;
};
