import type { TStepOp } from "./call-function";

/**
 * Async checkpointing, on by default in the Inngest SDK since v4: when a call carries the run's
 * `fn_id` and `qi_id`, the SDK reports each finished step to Inngest's API
 * (`POST /v1/checkpoint/:runId/async`) and goes on to the next step in the same call, instead of
 * answering 206 and waiting to be called again. A 409 tells it the run is no longer its to run;
 * any other failure makes it fall back to answering with the steps. In embedded mode the runner
 * is that API, reached in-process through the client's `fetch` (the request never leaves the
 * process, so it carries no credentials worth checking).
 */
export type TCheckpoint = { runId: string; leaseToken: string; steps: TStepOp[] };

/** "unknown" when this receiver does not hold the run; "invalid" for ops it cannot store. */
export type TCheckpointReceiver = (
  checkpoint: TCheckpoint,
) => Promise<"saved" | "stale" | "unknown" | "invalid">;

const receivers = new Set<TCheckpointReceiver>();

export function receiveCheckpoints(receiver: TCheckpointReceiver): () => void {
  receivers.add(receiver);
  return () => receivers.delete(receiver);
}

const checkpointPath = /^\/v1\/checkpoint\/[^/]+\/async$/;
const statusOf = { saved: 200, stale: 409, unknown: 404, invalid: 400 } as const;

/** The Inngest client's `fetch`: checkpoints go to a local runner when one is receiving. */
export const inngestFetch: typeof fetch = async (input, init) => {
  if (receivers.size === 0) return fetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!checkpointPath.test(url.pathname) || init?.method !== "POST") return fetch(input, init);
  const body = JSON.parse(String(init.body)) as { run_id: string; qi_id: string; steps: TStepOp[] };
  const checkpoint = { runId: body.run_id, leaseToken: body.qi_id, steps: body.steps };
  let answer: keyof typeof statusOf = "unknown";
  for (const receive of receivers) {
    answer = await receive(checkpoint);
    if (answer !== "unknown") break;
  }
  return new Response(null, { status: statusOf[answer] });
};
