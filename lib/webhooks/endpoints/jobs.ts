/**
 * Cancels the retries of every delivery to the endpoint (`cancelOn` of retry-webhook-delivery);
 * a first attempt not yet sent finds the endpoint deleted and sends nothing.
 */
export const endpointDeleted = "webhook/endpoint.deleted";
