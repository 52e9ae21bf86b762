import { parentPort } from "node:worker_threads";
import { checkStoredReceipt } from "./check-stored-receipt";
import type { TCheckReply, TCheckRequest } from "./verification-thread";

// The verification thread (see verification-thread.ts): checks stored receipts, one message each.
parentPort?.on("message", async ({ id, ...input }: TCheckRequest) => {
  let reply: TCheckReply;
  try {
    reply = { id, result: await checkStoredReceipt(input) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(reply);
});
