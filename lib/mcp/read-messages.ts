import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { invalid } from "@/lib/http/api-error";
import { readBodyText } from "@/lib/http/read-body";
import { JsonRpcRefusal } from "./json-rpc-refusal";
import { withoutOwnCancellations } from "./own-cancellations";

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
  return Array.isArray(body) ? withoutOwnCancellations(body) : body;
}
