import { ZEventParams } from "@/lib/events/schemas";
import { ZDeleted } from "@/lib/http/deleted";
import { defineOperation } from "@/lib/http/operation";
import { listResponse } from "@/lib/http/pagination";
import {
  ZCreateWebhookBody,
  ZDeliveryParams,
  ZListDeliveriesQuery,
  ZListWebhooksQuery,
  ZTestWebhookBody,
  ZUpdateWebhookBody,
  ZWebhook,
  ZWebhookAttemptList,
  ZWebhookCreated,
  ZWebhookDelivery,
  ZWebhookListItem,
  ZWebhookParams,
  ZWebhookTestResult,
  ZWebhookUpdated,
} from "@/lib/webhooks/endpoints/schemas";
import { ZResendEventBody } from "./delivery/resend-event";

const tag = "Webhooks";

export const createWebhookOperation = defineOperation({
  operationId: "createWebhook",
  method: "post",
  path: "/webhooks",
  summary: "Register a webhook endpoint",
  description:
    "One endpoint per URL (409 otherwise). 400 for an invalid or refused URL, an unsupported event type, or a weak secret.",
  tag,
  organizationWide: true,
  scope: "webhook.create",
  body: ZCreateWebhookBody,
  response: ZWebhookCreated,
  status: 201,
  errors: ["conflict"],
});

export const listWebhooksOperation = defineOperation({
  operationId: "listWebhooks",
  method: "get",
  path: "/webhooks",
  summary: "List webhook endpoints, newest first",
  tag,
  organizationWide: true,
  scope: "webhook.read",
  query: ZListWebhooksQuery,
  response: listResponse(ZWebhookListItem, "WebhookList"),
  status: 200,
});

export const getWebhookOperation = defineOperation({
  operationId: "getWebhook",
  method: "get",
  path: "/webhooks/{id}",
  summary: "Retrieve a webhook endpoint with its delivery statistics",
  tag,
  organizationWide: true,
  scope: "webhook.read",
  params: ZWebhookParams,
  response: ZWebhook,
  status: 200,
  errors: ["not_found"],
});

export const updateWebhookOperation = defineOperation({
  operationId: "updateWebhook",
  method: "patch",
  path: "/webhooks/{id}",
  summary: "Change a webhook endpoint's URL, events, status, description or secret",
  tag,
  organizationWide: true,
  scope: "webhook.update",
  params: ZWebhookParams,
  body: ZUpdateWebhookBody,
  response: ZWebhookUpdated,
  status: 200,
  errors: ["not_found", "conflict"],
});

export const deleteWebhookOperation = defineOperation({
  operationId: "deleteWebhook",
  method: "delete",
  path: "/webhooks/{id}",
  summary: "Delete a webhook endpoint and cancel its pending deliveries",
  tag,
  organizationWide: true,
  scope: "webhook.delete",
  params: ZWebhookParams,
  response: ZDeleted,
  status: 200,
  errors: ["not_found"],
});

export const testWebhookOperation = defineOperation({
  operationId: "testWebhook",
  method: "post",
  path: "/webhooks/{id}/test",
  summary: "Send a signed test event and report the result",
  description:
    "Synchronous. A 2xx from the endpoint within 10 s is 200 `delivered`; any other answer, or none, is 502 `bad_gateway` naming the endpoint's status. Either way the test joins the endpoint's delivery log as a test delivery (`test: true`) with its one attempt.",
  tag,
  organizationWide: true,
  scope: "webhook.update",
  params: ZWebhookParams,
  body: ZTestWebhookBody,
  response: ZWebhookTestResult,
  status: 200,
  errors: ["not_found", "bad_gateway"],
});

export const listWebhookDeliveriesOperation = defineOperation({
  operationId: "listWebhookDeliveries",
  method: "get",
  path: "/webhooks/{id}/deliveries",
  summary: "The delivery log of an endpoint, newest first",
  tag,
  organizationWide: true,
  scope: "webhook.read",
  params: ZWebhookParams,
  query: ZListDeliveriesQuery,
  response: listResponse(ZWebhookDelivery, "WebhookDeliveryList"),
  status: 200,
  errors: ["not_found"],
});

export const retryWebhookDeliveryOperation = defineOperation({
  operationId: "retryWebhookDelivery",
  method: "post",
  path: "/webhooks/{id}/deliveries/{deliveryId}/retry",
  summary: "Send a finished delivery again",
  description:
    "Starts a fresh retry schedule for a failed, cancelled or delivered delivery (202; the work continues in the background). 409 while it is pending, when the endpoint is disabled, or for a test delivery (never sent again).",
  tag,
  organizationWide: true,
  scope: "webhook.update",
  params: ZDeliveryParams,
  response: ZWebhookDelivery,
  status: 202,
  errors: ["not_found", "conflict"],
});

export const listWebhookDeliveryAttemptsOperation = defineOperation({
  operationId: "listWebhookDeliveryAttempts",
  method: "get",
  path: "/webhooks/{id}/deliveries/{deliveryId}/attempts",
  summary: "Every attempt of a delivery, with its request and answer",
  description:
    "Newest first, up to 100. Each attempt has the request headers (signatures included) and the first 16 KiB of the body sent, the answer's status, headers and first 4 KiB of body, the latency, and the error when it failed.",
  tag,
  organizationWide: true,
  scope: "webhook.read",
  params: ZDeliveryParams,
  response: ZWebhookAttemptList,
  status: 200,
  errors: ["not_found"],
});

export const resendEventOperation = defineOperation({
  operationId: "resendEvent",
  method: "post",
  path: "/events/{id}/resend",
  summary: "Send an event again to one webhook endpoint",
  description:
    "A new delivery of the same event (same id and `webhook-id`) to an active endpoint that subscribes to its type, on a fresh retry schedule, beside the deliveries the event already had (202 with the new delivery; the work continues in the background). 400 when the endpoint does not subscribe to the type, 409 when it is disabled, 404 for an event past the 30 days or an endpoint of another organization.",
  tag,
  organizationWide: true,
  scope: "webhook.update",
  params: ZEventParams,
  body: ZResendEventBody,
  response: ZWebhookDelivery,
  status: 202,
  errors: ["not_found", "conflict"],
});

export const webhookOperations = [
  createWebhookOperation,
  listWebhooksOperation,
  getWebhookOperation,
  updateWebhookOperation,
  deleteWebhookOperation,
  testWebhookOperation,
  listWebhookDeliveriesOperation,
  retryWebhookDeliveryOperation,
  listWebhookDeliveryAttemptsOperation,
  resendEventOperation,
];
