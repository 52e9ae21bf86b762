import { defineOperation } from "@/lib/http/operation";
import { listResponse } from "@/lib/http/pagination";
import { ZEvent, ZEventParams, ZListEventsQuery } from "./schemas";

const tag = "Events";

export const listEventsOperation = defineOperation({
  operationId: "listEvents",
  method: "get",
  path: "/events",
  summary: "List the events of the last 30 days, newest first",
  tag,
  organizationWide: true,
  scope: "webhook.read",
  query: ZListEventsQuery,
  response: listResponse(ZEvent, "EventList"),
  status: 200,
});

export const getEventOperation = defineOperation({
  operationId: "getEvent",
  method: "get",
  path: "/events/{id}",
  summary: "Retrieve an event (kept 30 days)",
  tag,
  organizationWide: true,
  scope: "webhook.read",
  params: ZEventParams,
  response: ZEvent,
  status: 200,
  errors: ["not_found"],
});

export const eventOperations = [listEventsOperation, getEventOperation];
