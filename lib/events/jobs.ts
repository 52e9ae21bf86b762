/** The job that delivers one event to one endpoint, enqueued when the event fans out. */
export const deliveryRequested = "webhook/delivery.requested";

export type TDeliveryRequested = {
  deliveryId: string;
  endpointId: string;
  /** Number of the first attempt of this run: 1, or the next one for a manual retry. */
  firstAttempt?: number;
};
