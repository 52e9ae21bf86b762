import { defineOperation } from "@/lib/http/operation";
import { ZAgentToken, ZIssueTokenBody, ZRevokeTokensBody, ZTokenRevocation } from "./schemas";
import { storedTokenAnswer } from "./stored-token-answer";

export const issueTokenOperation = defineOperation({
  operationId: "issueAgentToken",
  method: "post",
  path: "/auth/token",
  summary: "Issue an agent token",
  description:
    "A short-lived RS256 JWT that acts as one of your agents with a subset of the API key's scopes. Send it as `Authorization: Bearer <token>` to this base address; anyone can verify it offline with the keys at `/.well-known/jwks.json`. Claims: `iss` (the service's origin), `sub` (the agent id), `aud` (this base address), `org`, `env`, `scope` (space separated), `key` (the issuing API key), `gen` (the agent's token generation, which revoking all of its tokens moves on), `jti`, `iat`, `exp`.",
  tag: "Authentication",
  scope: "api_key",
  body: ZIssueTokenBody,
  response: ZAgentToken,
  status: 201,
  errors: ["not_found"],
  storedAnswer: storedTokenAnswer,
});

export const revokeTokensOperation = defineOperation({
  operationId: "revokeAgentTokens",
  method: "post",
  path: "/auth/token/revoke",
  summary: "Revoke agent tokens",
  description:
    "Refuses agent tokens before they expire: one token by its `jti`, or every token an agent was issued until now (`agentId`; tokens issued after the revocation work, even within the same second). The server that revokes refuses them from its next request on, every other one as soon as the database's notification of the revocation reaches it (milliseconds). Revoking or rolling the API key that issued a token ends the token too (a rolled key's tokens work until the overlap ends). Repeating a revocation changes nothing.",
  tag: "Authentication",
  scope: "api_key",
  body: ZRevokeTokensBody,
  response: ZTokenRevocation,
  status: 200,
  errors: ["not_found"],
});

export const tokenOperations = [issueTokenOperation, revokeTokensOperation];
