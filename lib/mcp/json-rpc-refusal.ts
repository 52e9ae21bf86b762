import type { ApiError } from "@/lib/http/api-error";
import { errorBody } from "@/lib/http/error-response";
import { jsonResponse } from "@/lib/http/respond";

/** JSON-RPC's code for an error the server defines itself (its range is -32000 to -32099). */
const SERVER_ERROR = -32000;

/** An MCP POST refused as a whole, before its messages are served, and the JSON-RPC code of why. */
export class JsonRpcRefusal extends Error {
  constructor(
    readonly rpcCode: number,
    readonly error: ApiError,
  ) {
    super(error.message);
  }
}

/**
 * A refused MCP request as JSON-RPC answers a request it does not serve: one error with a null
 * id, `<code>: <message>` of the API's error, whose envelope is the error's data, with the
 * API's HTTP status and headers. An ApiError of the shared machinery (body size, rate limit)
 * is a server error.
 */
export function refusalResponse(
  refusal: JsonRpcRefusal | ApiError,
  origin: string,
  headers: Headers,
): Response {
  const { rpcCode, error } =
    refusal instanceof JsonRpcRefusal ? refusal : { rpcCode: SERVER_ERROR, error: refusal };
  for (const [name, value] of Object.entries(error.headers ?? {})) headers.set(name, value);
  const message = `${error.code}: ${error.message}`;
  const data = errorBody(error, origin).error;
  return jsonResponse(
    { jsonrpc: "2.0", id: null, error: { code: rpcCode, message, data } },
    error.status,
    headers,
  );
}
