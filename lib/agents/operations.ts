import { ZDeleted } from "@/lib/http/deleted";
import { defineOperation } from "@/lib/http/operation";
import { listResponse } from "@/lib/http/pagination";
import {
  ZAgent,
  ZAgentParams,
  ZCreateAgentBody,
  ZDiscoverAgentsQuery,
  ZDiscoveredAgent,
  ZListAgentsQuery,
  ZUpdateAgentBody,
} from "./schemas";

const tag = "Agents";

export const createAgentOperation = defineOperation({
  operationId: "createAgent",
  method: "post",
  path: "/agents",
  summary: "Register an agent",
  tag,
  scope: "agent.register",
  body: ZCreateAgentBody,
  response: ZAgent,
  status: 201,
});

export const listAgentsOperation = defineOperation({
  operationId: "listAgents",
  method: "get",
  path: "/agents",
  summary: "List your agents, newest first",
  tag,
  scope: "agent.read",
  query: ZListAgentsQuery,
  response: listResponse(ZAgent, "AgentList"),
  status: 200,
});

export const discoverAgentsOperation = defineOperation({
  operationId: "discoverAgents",
  method: "get",
  path: "/agents/discover",
  summary: "Discover agents of every organization in this environment",
  description: "Discoverable, active agents, ranked by how well name and description match `q`.",
  tag,
  scope: "agent.read",
  query: ZDiscoverAgentsQuery,
  response: listResponse(ZDiscoveredAgent, "DiscoveredAgentList"),
  status: 200,
});

export const getAgentOperation = defineOperation({
  operationId: "getAgent",
  method: "get",
  path: "/agents/{id}",
  summary: "Retrieve an agent",
  tag,
  scope: "agent.read",
  params: ZAgentParams,
  response: ZAgent,
  status: 200,
  errors: ["not_found"],
});

export const updateAgentOperation = defineOperation({
  operationId: "updateAgent",
  method: "patch",
  path: "/agents/{id}",
  summary: "Update an agent",
  tag,
  scope: "agent.update",
  params: ZAgentParams,
  body: ZUpdateAgentBody,
  response: ZAgent,
  status: 200,
  errors: ["not_found"],
});

export const deleteAgentOperation = defineOperation({
  operationId: "deleteAgent",
  method: "delete",
  path: "/agents/{id}",
  summary: "Delete an agent",
  description: "An agent in an open negotiation cannot be deleted (409).",
  tag,
  scope: "agent.delete",
  params: ZAgentParams,
  response: ZDeleted,
  status: 200,
  errors: ["not_found", "conflict"],
});

export const agentOperations = [
  createAgentOperation,
  listAgentsOperation,
  discoverAgentsOperation,
  getAgentOperation,
  updateAgentOperation,
  deleteAgentOperation,
];
