import { Worker } from "node:worker_threads";
import type { TJwks } from "@/lib/attest";
import type { TStoredReceiptCheck } from "./check-stored-receipt";

export type TCheckRequest = { id: number; json: string; jwks: TJwks; recomputeHash: boolean };
export type TCheckReply = { id: number } & ({ result: TStoredReceiptCheck } | { error: string });

type TThread = {
  worker: Worker;
  pending: Map<
    number,
    { resolve: (result: TStoredReceiptCheck) => void; reject: (error: Error) => void }
  >;
  nextId: number;
};

// One thread per process, shared by every bundle Next.js builds (two routes verify).
const holder = globalThis as unknown as { __assVerificationThread?: TThread };

function startThread(): TThread {
  const worker = new Worker(new URL("./verification-worker.ts", import.meta.url));
  const thread: TThread = { worker, pending: new Map(), nextId: 0 };
  worker.on("message", (reply: TCheckReply) => {
    const waiting = thread.pending.get(reply.id);
    thread.pending.delete(reply.id);
    if ("result" in reply) waiting?.resolve(reply.result);
    else waiting?.reject(new Error(`receipt verification thread: ${reply.error}`));
  });
  // A thread that dies fails what it held; the next check starts a new one.
  const fail = (error: Error) => {
    if (holder.__assVerificationThread === thread) holder.__assVerificationThread = undefined;
    for (const waiting of thread.pending.values()) waiting.reject(error);
    thread.pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`receipt verification thread exited (${code})`)));
  // It waits for work; it never keeps the process alive on its own.
  worker.unref();
  return thread;
}

/**
 * Runs checkStoredReceipt on the process's verification thread. The checks are pure CPU (JSON,
 * zod, canonical JSON, SHA-256, Ed25519 through a cache), which on the request thread would
 * block every other request meanwhile and leave a core idle. Here they run beside it; a message
 * carries the read's JSON text in and the verdict back.
 */
export function checkInVerificationThread(
  input: Omit<TCheckRequest, "id">,
): Promise<TStoredReceiptCheck> {
  holder.__assVerificationThread ??= startThread();
  const thread = holder.__assVerificationThread;
  const id = thread.nextId++;
  return new Promise((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    try {
      thread.worker.postMessage({ id, ...input } satisfies TCheckRequest);
    } catch (error) {
      thread.pending.delete(id);
      reject(error);
    }
  });
}
