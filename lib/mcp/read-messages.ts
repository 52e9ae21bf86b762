import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { invalid } from "@/lib/http/api-error";
import { readBodyText } from "@/lib/http/read-body";
import { JsonRpcRefusal } from "./json-rpc-refusal";
import { withoutOwnCancellations } from "./own-cancellations";

/** The most messages one POST may batch: all their answers come back in one body. */
const MAX_BATCH_MESSAGES = 10;

/** JSON-RPC batches came with MCP 2025-03-26 and went with 2025-06-18. */
const BATCHING_VERSION = "2025-03-26";

function checkBatch(request: Request, batch: unknown[]) {
  // A request without the header is of 2025-03-26 (the Streamable HTTP transport says so).
  const version = request.headers.get("mcp-protocol-version") ?? BATCHING_VERSION;
  if (version !== BATCHING_VERSION) {
    const message = `Protocol version ${version} has no JSON-RPC batches (only ${BATCHING_VERSION} had them): send one message a request.`;
    throw new JsonRpcRefusal(ErrorCode.InvalidRequest, invalid(message, "MCP-Protocol-Version"));
  }
  if (batch.length === 0 || batch.length > MAX_BATCH_MESSAGES) {
    const message = `A batch holds 1 to ${MAX_BATCH_MESSAGES} messages; this one holds ${batch.length}.`;
    throw new JsonRpcRefusal(ErrorCode.InvalidRequest, invalid(message, "body"));
  }
}

/**
 * The JSON-RPC message, or batch of messages, of an MCP POST (413 past the API's body limit),
 * read before the SDK's transport sees it so that what it cannot answer never reaches it.
 */
export async function readMessages(request: Request): Promise<unknown> {
  const text = await readBodyText(request);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new JsonRpcRefusal(ErrorCode.ParseError, invalid("The body is not valid JSON.", "body"));
  }
  if (!Array.isArray(body)) return body;
  checkBatch(request, body);
  return withoutOwnCancellations(body);
}
