import { defineOperation } from "@/lib/http/operation";
import { listResponse } from "@/lib/http/pagination";
import {
  ZAddAgentKeyBody,
  ZAgentKey,
  ZAgentKeyParams,
  ZAgentKeysParams,
  ZListAgentKeysQuery,
} from "./schemas";

const tag = "Agent keys";

export const addAgentKeyOperation = defineOperation({
  operationId: "addAgentKey",
  method: "post",
  path: "/agents/{id}/keys",
  summary: "Register a public key the agent signs with",
  description:
    "An Ed25519 or P-256 public key (JWK). Its id is its RFC 7638 thumbprint. The agent then signs its negotiation responses with the matching private key (a compact JWS with this key's id as `kid`); the signature and this public key go into the receipt's evidence. The addition is an entry of the environment's attest log within seconds, and receipts prove it was there before the key signed. Private key material, RSA and other curves are 400; a key already registered (even revoked), for this agent or another, is 409.",
  tag,
  scope: "agent.update",
  params: ZAgentKeysParams,
  body: ZAddAgentKeyBody,
  response: ZAgentKey,
  status: 201,
  errors: ["not_found", "conflict"],
});

export const listAgentKeysOperation = defineOperation({
  operationId: "listAgentKeys",
  method: "get",
  path: "/agents/{id}/keys",
  summary: "List an agent's keys, newest first",
  description:
    "The agent's public keys, active and revoked. Readable by the agent's organization and by every organization that deals with it (a party to one of its negotiations), so a counterparty can check whose key signed; an agent token reads its own agent's keys and those of the agents it negotiates with. Anyone else gets 404.",
  tag,
  scope: "agent.read",
  params: ZAgentKeysParams,
  query: ZListAgentKeysQuery,
  response: listResponse(ZAgentKey, "AgentKeyList"),
  status: 200,
  errors: ["not_found"],
});

export const revokeAgentKeyOperation = defineOperation({
  operationId: "revokeAgentKey",
  method: "post",
  path: "/agents/{id}/keys/{keyId}/revoke",
  summary: "Revoke an agent key",
  description:
    "Signatures under the key are refused from now on; receipts that already carry it keep verifying, since their evidence holds the public key. The revocation is an entry of the environment's attest log within seconds. The key stays listed as `revoked`. Revoking it again returns it unchanged.",
  tag,
  scope: "agent.update",
  params: ZAgentKeyParams,
  response: ZAgentKey,
  status: 200,
  errors: ["not_found"],
});

export const agentKeyOperations = [
  addAgentKeyOperation,
  listAgentKeysOperation,
  revokeAgentKeyOperation,
];
