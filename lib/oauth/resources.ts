import { environments, type TEnvironment } from "@/lib/environment";

/** Where each environment's MCP server is, on the public origin. */
const mcpPaths: Record<TEnvironment, string> = { production: "/mcp", sandbox: "/sandbox/mcp" };

/** The OAuth resource (RFC 8707) an environment's MCP server is: its URL on the public origin. */
export const mcpResourceOf = (origin: string, environment: TEnvironment) =>
  `${origin}${mcpPaths[environment]}`;

/** Where the MCP server's protected resource metadata is (RFC 9728 §3.1, path inserted). */
export const resourceMetadataUrlOf = (origin: string, environment: TEnvironment) =>
  `${origin}/.well-known/oauth-protected-resource${mcpPaths[environment]}`;

/** The environment whose MCP server `resource` names, or undefined when it names none. */
export const environmentOfResource = (origin: string, resource: string): TEnvironment | undefined =>
  environments.find((environment) => mcpResourceOf(origin, environment) === resource);

/** The environment of a metadata path (`mcp`, `sandbox/mcp`), or undefined. */
export const environmentOfMetadataPath = (path: string): TEnvironment | undefined =>
  environments.find((environment) => mcpPaths[environment] === `/${path}`);
