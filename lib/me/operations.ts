import { defineOperation } from "@/lib/http/operation";
import { ZMe } from "./schemas";

export const getMeOperation = defineOperation({
  operationId: "getMe",
  method: "get",
  path: "/me",
  summary: "Who am I",
  description:
    "The organization, environment, credential (API key or agent token), scopes and plan of this request's credential, with the plan's rate limit. Answered from the credential alone, so it is the cheapest way to check that a key works.",
  tag: "Authentication",
  scope: "any_credential",
  response: ZMe,
  status: 200,
});

export const meOperations = [getMeOperation];
