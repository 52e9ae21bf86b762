import { Inngest } from "inngest";
import { serve } from "inngest/next";
import { callFunction } from "@/lib/jobs/call-function";
import { inngestFetch, receiveCheckpoints } from "@/lib/jobs/checkpoint-api";
import { generateSigningKey } from "@/lib/jobs/signing";
process.env = { ...process.env };
const signingKey = generateSigningKey();
process.env.INNGEST_SIGNING_KEY = signingKey;
const client = new Inngest({ id: "floor", fetch: inngestFetch });
const fn = client.createFunction(
  { id: "one", triggers: [{ event: "x/one" }], checkpointing: { bufferedSteps: 2 } },
  async ({ step }) => ({ r: await step.run("attempt-1", () => ({ done: true, status: "delivered" })) }),
);
const handler = serve({ client, functions: [fn] });
receiveCheckpoints(async () => "saved");
const send = (request: Request) => handler.POST(request as never, undefined);
const once = (i: number) =>
  callFunction({
    send, url: "http://127.0.0.1:3000/api/inngest", signingKey, functionId: "floor-one", stepId: "step",
    runId: `run-${i}`, event: { id: `e${i}`, name: "x/one", data: { deliveryId: "dlv-x", endpointId: "wh-y" }, ts: Date.now() },
    steps: {}, stack: [], attempt: 0, maxAttempts: 6, checkpointToken: "lease",
  });
for (let i = 0; i < 500; i++) await once(i);
const n = 3000; const c0 = process.cpuUsage(); const t0 = performance.now();
for (let i = 0; i < n; i += 32) await Promise.all(Array.from({ length: 32 }, (_, k) => once(i + k)));
const cpu = process.cpuUsage(c0); const ms = performance.now() - t0;
console.log(await once(1), `per call: wall ${(ms / n).toFixed(3)} ms, cpu ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms`);
process.exit(0);
