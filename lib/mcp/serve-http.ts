import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { TEnvironment } from "@/lib/environment";
import { loopbackClient } from "./api-client";
import { createMcpServer } from "./server";

/**
 * One MCP request over Streamable HTTP, stateless: a server and transport per request, so any
 * process behind the load balancer can answer any request. Tool calls carry the request's
 * credential into the API.
 */
export async function serveMcp(request: Request, environment: TEnvironment): Promise<Response> {
  const server = createMcpServer(loopbackClient(request, environment));
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
