/*
 * The Inngest SDK's own cost per function call, with nothing else in the way: the embedded
 * runner's signed call to a `serve()` handler in this process (inngest/next, as the app serves
 * it), for a function of one step that returns at once. No database, no network.
 *   npm run bench:jobs   (this runs first, then bench/jobs.ts)
 * Prints the CPU time (all threads: the SDK's HMACs run on libuv's pool) and wall time per call
 * at 32 calls in flight. Every run of the embedded runner pays this at least once; a webhook
 * delivery is one run.
 */
import { Inngest } from "inngest";
import { serve } from "inngest/next";
import type { NextRequest } from "next/server";
import { setLibraryVariables, snapshotProcessEnv } from "@/config";
import { callFunction } from "@/lib/jobs/call-function";
import { inngestFetch, receiveCheckpoints } from "@/lib/jobs/checkpoint-api";
import { generateSigningKey } from "@/lib/jobs/signing";

const calls = 5000;
const inFlight = 32;

snapshotProcessEnv();
const signingKey = generateSigningKey();
setLibraryVariables({ INNGEST_SIGNING_KEY: signingKey });
const client = new Inngest({ id: "bench", fetch: inngestFetch });
const oneStep = client.createFunction(
  {
    id: "one-step",
    triggers: [{ event: "bench/one.requested" }],
    checkpointing: { bufferedSteps: 2 },
  },
  async ({ step }) => step.run("attempt-1", () => ({ done: true })),
);
const handler = serve({ client, functions: [oneStep] });
receiveCheckpoints(async () => "saved");

const call = async (index: number) => {
  const outcome = await callFunction({
    send: (request) => handler.POST(request as NextRequest, undefined),
    url: "http://127.0.0.1/api/inngest",
    signingKey,
    functionId: "bench-one-step",
    stepId: "step",
    runId: `run-${index}`,
    event: {
      id: `evt-${index}`,
      name: "bench/one.requested",
      data: { deliveryId: "dlv-1" },
      ts: Date.now(),
    },
    steps: {},
    stack: [],
    attempt: 0,
    maxAttempts: 6,
    checkpointToken: "lease",
  });
  if (outcome.kind !== "ops") throw new Error(`unexpected answer: ${JSON.stringify(outcome)}`);
};

for (let i = 0; i < 500; i++) await call(i); // warm-up
const cpuBefore = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < calls; i += inFlight) {
  await Promise.all(Array.from({ length: Math.min(inFlight, calls - i) }, (_, k) => call(i + k)));
}
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
console.log(
  `Inngest SDK call in-process (1 step, no database): CPU ${((cpu.user + cpu.system) / 1000 / calls).toFixed(2)} ms per call, wall ${(wallMs / calls).toFixed(2)} ms per call at ${inFlight} in flight`,
);
