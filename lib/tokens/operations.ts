import { defineOperation } from "@/lib/http/operation";
import { ZAgentToken, ZIssueTokenBody } from "./schemas";

export const issueTokenOperation = defineOperation({
  operationId: "issueAgentToken",
  method: "post",
  path: "/auth/token",
  summary: "Issue an agent token",
  description:
    "A short-lived RS256 JWT that acts as one of your agents with a subset of the API key's scopes. Send it as `Authorization: Bearer <token>` to this base address; anyone can verify it offline with the keys at `/.well-known/jwks.json`. Claims: `iss` (the service's origin), `sub` (the agent id), `aud` (this base address), `org`, `env`, `scope` (space separated), `jti`, `iat`, `exp`.",
  tag: "Authentication",
  scope: "api_key",
  body: ZIssueTokenBody,
  response: ZAgentToken,
  status: 201,
  errors: ["not_found"],
});

export const tokenOperations = [issueTokenOperation];
