/**
 * Cancels the retries of every delivery to the endpoint (`cancelOn` of retry-webhook-delivery);
 * a first attempt not yet sent finds the endpoint deleted and sends nothing.
 */
export const endpointDeleted = "webhook/endpoint.deleted";

/** Mails the organization's owners and developers that the endpoint keeps failing. */
export const endpointFailing = "webhook/endpoint.failing";
