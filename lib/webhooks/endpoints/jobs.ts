/** Cancels every running delivery of the endpoint (`cancelOn` of deliver-webhook). */
export const endpointDeleted = "webhook/endpoint.deleted";
