import { allScopes } from "@/lib/auth/scopes";
import type { TEnvironment } from "@/lib/environment";
import { mcpResourceOf } from "./resources";

/** RFC 9728 protected resource metadata of an environment's MCP server. */
export const protectedResourceMetadata = (origin: string, environment: TEnvironment) => ({
  resource: mcpResourceOf(origin, environment),
  authorization_servers: [origin],
  scopes_supported: allScopes,
  bearer_methods_supported: ["header"],
  resource_name: `Agent Settlement Service MCP (${environment})`,
});

/** RFC 8414 authorization server metadata: the console grants, the API issues keys. */
export const authorizationServerMetadata = (origin: string) => ({
  issuer: origin,
  authorization_endpoint: `${origin}/oauth/authorize`,
  token_endpoint: `${origin}/oauth/token`,
  registration_endpoint: `${origin}/oauth/register`,
  scopes_supported: allScopes,
  response_types_supported: ["code"],
  response_modes_supported: ["query"],
  grant_types_supported: ["authorization_code", "refresh_token"],
  token_endpoint_auth_methods_supported: ["none"],
  code_challenge_methods_supported: ["S256"],
  authorization_response_iss_parameter_supported: true,
  client_id_metadata_document_supported: true,
});
