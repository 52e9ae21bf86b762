import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { TEnvironment } from "@/lib/environment";
import { ApiError } from "@/lib/http/api-error";
import { errorResponse, publicOrigin } from "@/lib/http/respond";
import { loopbackClient } from "./api-client";
import { JsonRpcRefusal, refusalResponse } from "./json-rpc-refusal";
import { otherMethodResponse } from "./other-methods";
import { readMessages } from "./read-messages";
import { refusedByHost } from "./rebinding";
import { createMcpServer } from "./server";

/**
 * One MCP request over Streamable HTTP, stateless: a server and transport per request, so any
 * process behind the load balancer can answer any request. Tool calls carry the request's
 * credential into the API.
 */
export async function serveMcp(request: Request, environment: TEnvironment): Promise<Response> {
  const origin = publicOrigin(request);
  const headers = new Headers();
  const refused = refusedByHost(request);
  if (refused) {
    const error = new ApiError({
      code: "forbidden",
      message: `${refused} may not reach the MCP server (DNS rebinding protection).`,
    });
    return errorResponse(error, origin, headers);
  }
  const otherMethod = otherMethodResponse(request, origin, headers);
  if (otherMethod) return otherMethod;
  let parsedBody: unknown;
  try {
    parsedBody = request.method === "POST" ? await readMessages(request) : undefined;
  } catch (error) {
    if (error instanceof JsonRpcRefusal || error instanceof ApiError) {
      return refusalResponse(error, origin, headers);
    }
    throw error;
  }
  const server = createMcpServer(loopbackClient(request, environment));
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody });
  } finally {
    await server.close();
  }
}
