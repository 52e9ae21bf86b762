export {
  startReceiver,
  type TReceived,
  type TReceiver,
  type TReceiverHandler,
} from "@/lib/webhooks/test-fixtures/receiver";

/** A receiver handler that answers every request with `status`. */
export const answer =
  (status: number, headers: Record<string, string> = {}) =>
  ({ res }: { res: import("node:http").ServerResponse }) => {
    res.writeHead(status, headers).end(status < 300 ? "ok" : "nope");
  };
