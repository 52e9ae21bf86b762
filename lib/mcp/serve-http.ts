import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { TAuthContext } from "@/lib/auth/auth-context";
import type { TEnvironment } from "@/lib/environment";
import { ApiError } from "@/lib/http/api-error";
import { errorResponse, publicOrigin } from "@/lib/http/respond";
import { anonymousBudget } from "./anonymous-budget";
import { loopbackClient } from "./api-client";
import { credentialOf } from "./credential";
import { JsonRpcRefusal, refusalResponse } from "./json-rpc-refusal";
import { otherMethodResponse } from "./other-methods";
import { readMessages } from "./read-messages";
import { refusedByHost } from "./rebinding";
import { createMcpServer } from "./server";
import { requestedSelection, type TToolSelection } from "./tool-selection";
import { unauthorizedChallenge } from "./unauthorized-challenge";

/**
 * The JSON-RPC messages of an MCP request, read and checked. Without a working credential each
 * spends one request of the client address's budget: one before the body is read (a refused
 * body counts too), one for each further message of a batch.
 */
async function admit(request: Request, auth: TAuthContext | undefined, headers: Headers) {
  const spend = anonymousBudget({ request, auth, headers });
  await spend(1);
  if (request.method !== "POST") return undefined;
  const body = await readMessages(request);
  if (Array.isArray(body)) await spend(body.length - 1);
  return body;
}

/** Whether a message of the request is a tool call with a `progressToken`. */
const asksForProgress = (body: unknown): boolean =>
  (Array.isArray(body) ? body : [body]).some((message) => {
    const call = message as { method?: unknown; params?: { _meta?: { progressToken?: unknown } } };
    return call?.method === "tools/call" && call.params?._meta?.progressToken !== undefined;
  });

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
  const auth = await credentialOf({ request, environment, origin });
  let parsedBody: unknown;
  let selection: TToolSelection;
  try {
    parsedBody = await admit(request, auth, headers);
    selection = requestedSelection({ request, environment, auth });
  } catch (error) {
    if (error instanceof JsonRpcRefusal || error instanceof ApiError) {
      return refusalResponse(error, origin, headers);
    }
    throw error;
  }
  // A tool call the API refused as unauthorized makes the whole answer a 401 challenge.
  let unauthorized = false;
  const api = loopbackClient(request, environment);
  const server = createMcpServer(async (call) => {
    const answer = await api(call);
    if (answer.status === 401) unauthorized = true;
    return answer;
  }, selection);
  // Plain JSON, unless a tool call asks for progress: then an event stream carries its
  // notifications before the result, and ends with it.
  const streaming = asksForProgress(parsedBody);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: !streaming,
  });
  await server.connect(transport);
  let response: Response;
  try {
    response = await transport.handleRequest(request, { parsedBody });
  } catch (error) {
    await server.close();
    throw error;
  }
  for (const [name, value] of headers) response.headers.set(name, value);
  if (!streaming || !response.body) {
    await server.close();
    return unauthorized
      ? unauthorizedChallenge({ response, request, environment, origin })
      : response;
  }
  // The stream is answered while the tool still runs: the server closes when it ends.
  const ended = new TransformStream({ flush: () => server.close() });
  response.body.pipeTo(ended.writable).catch(() => server.close());
  return new Response(ended.readable, { status: response.status, headers: response.headers });
}
