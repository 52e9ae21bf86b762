import { defineOperation } from "@/lib/http/operation";
import { listResponse } from "@/lib/http/pagination";
import {
  ZCreateNegotiationBody,
  ZListNegotiationsQuery,
  ZNegotiation,
  ZNegotiationParams,
  ZRespondBody,
} from "./schemas";

const tag = "Negotiations";

export const createNegotiationOperation = defineOperation({
  operationId: "createNegotiation",
  method: "post",
  path: "/negotiations",
  summary: "Open a multi-party negotiation",
  description:
    "The initiator (your agent, the payer) proposes terms to one or more responders (the payees), your own agents or discoverable agents of any organization. The initiator implicitly accepts its proposal. Events: `negotiation.created`.",
  tag,
  scope: "negotiation.create",
  body: ZCreateNegotiationBody,
  response: ZNegotiation,
  status: 201,
  errors: ["not_found", "conflict"],
});

export const listNegotiationsOperation = defineOperation({
  operationId: "listNegotiations",
  method: "get",
  path: "/negotiations",
  summary: "List negotiations any of your agents is party to, newest first",
  tag,
  scope: "negotiation.read",
  query: ZListNegotiationsQuery,
  response: listResponse(ZNegotiation, "NegotiationList"),
  status: 200,
});

export const getNegotiationOperation = defineOperation({
  operationId: "getNegotiation",
  method: "get",
  path: "/negotiations/{id}",
  summary: "Retrieve a negotiation with its full round history",
  tag,
  scope: "negotiation.read",
  params: ZNegotiationParams,
  response: ZNegotiation,
  status: 200,
  errors: ["not_found"],
});

export const respondToNegotiationOperation = defineOperation({
  operationId: "respondToNegotiation",
  method: "post",
  path: "/negotiations/{id}/respond",
  summary: "Accept, reject, counter or cancel a negotiation",
  description:
    "Each party answers a round once (409 on a second answer, and on a negotiation that is no longer open). `counter` replaces the terms, starts a new round and resets every acceptance; its proposer has accepted it. The negotiation is `accepted` once every party accepted the current round. `cancel` is the initiator's and needs `negotiation.cancel`.",
  tag,
  scope: "negotiation.respond",
  params: ZNegotiationParams,
  body: ZRespondBody,
  response: ZNegotiation,
  status: 200,
  errors: ["not_found", "conflict"],
});

export const negotiationOperations = [
  createNegotiationOperation,
  listNegotiationsOperation,
  getNegotiationOperation,
  respondToNegotiationOperation,
];
