/**
 * A JSON-RPC error a request handler throws: the SDK answers `code`, `message` and `data` as
 * they are. The SDK's own McpError puts "MCP error <code>: " into its message, which the client's
 * McpError prefixes again.
 */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}
