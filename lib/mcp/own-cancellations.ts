import { CancelledNotificationSchema, isJSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";

/**
 * A batch without the `notifications/cancelled` that name one of its own requests. Each POST
 * has a server of its own (the server is stateless), so a cancellation can reach only a request
 * of the same batch, and a cancelled request is never answered: the POST would wait for ever.
 * A receiver may ignore a cancellation (MCP's cancellation utility): the request is answered.
 */
export function withoutOwnCancellations(batch: unknown[]): unknown[] {
  const requestIds = new Set<unknown>(batch.filter(isJSONRPCRequest).map((message) => message.id));
  return batch.filter((message) => {
    const cancellation = CancelledNotificationSchema.safeParse(message);
    return !(cancellation.success && requestIds.has(cancellation.data.params.requestId));
  });
}
