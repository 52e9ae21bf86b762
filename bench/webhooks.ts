/*
 * webhooks.sustained: the highest event rate whose webhooks the service delivers while keeping
 * up, with p99 from event creation (its createdAt) to receipt at a receiver on 127.0.0.1 under
 * 250 ms (bench/lib/sustained-rate.ts), against the GET /api/health floor of the API process,
 * measured between the trials. Events are written by emitEvent, each in its own transaction as
 * a state change would, and go outbox → runner → deliver-webhooks (in batches) → a signed
 * POST. The service runs as an API process and a worker process (bench/lib/deployment.ts). Peak
 * memory of both processes goes into the figure's details.
 */
import { db } from "@/db/client";
import { firstAttemptBatch } from "@/inngest/functions/deliver-webhooks";
import { emitEvent } from "@/lib/events/emit-event";
import { sleepMs } from "@/lib/jobs/timing";
import { createApiKey } from "@/lib/keys/create-key";
import { createOrganization } from "@/lib/orgs/create-organization";
import { startReceiver } from "@/lib/webhooks/test-fixtures/receiver";
import { startDeployment } from "./lib/deployment";
import { figure, type TFigure } from "./lib/figure";
import { healthRate } from "./lib/floor";
import { withBenchDatabase } from "./lib/fresh-database";
import { percentile } from "./lib/measure";
import { paced } from "./lib/paced";
import type { TSettings } from "./lib/settings";
import { searchSustainedRate, type TTrial } from "./lib/sustained-rate";
import { vacuumDatabase } from "./lib/vacuum";

const goalRatio = 0.6;
const maxP99Ms = 250;

export async function benchWebhooksSustained(settings: TSettings): Promise<TFigure[]> {
  const receivedAt = new Map<string, number>();
  const receiver = await startReceiver({
    handler: ({ received, res }) => {
      receivedAt.set(String(received.headers["webhook-id"]), Date.now());
      res.writeHead(204).end();
    },
  });
  try {
    return await withBenchDatabase("bench_webhooks", async (url) => {
      const server = await startDeployment(
        { DATABASE_URL: url },
        { profile: settings.profile ? "webhooks.sustained" : undefined },
      );
      console.log(`  service: ${server.description}`);
      try {
        const organization = await createOrganization({
          name: "Webhook bench",
          plan: "enterprise",
        });
        const { secret: key } = await createApiKey({
          organizationId: organization.id,
          environment: "sandbox",
          name: "bench",
          scopes: ["webhook.create"],
        });
        const created = await fetch(`${server.baseUrl}/sandbox/v1/webhooks`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({
            url: `${receiver.origin}/bench`,
            events: ["*"],
            secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
          }),
        });
        if (created.status !== 201)
          throw new Error(`endpoint: ${created.status} ${await created.text()}`);

        const trial = async (rate: number): Promise<TTrial> => {
          const count = Math.max(1, Math.round(rate * settings.webhookSeconds));
          const createdAt = new Map<string, number>();
          receivedAt.clear();
          await vacuumDatabase(url);
          const started = Date.now();
          const cpu = server.measureCpu();
          await paced(count, rate, async (index) => {
            const event = await db.transaction((tx) =>
              emitEvent(tx, {
                organizationId: organization.id,
                environment: "sandbox",
                type: "agent.updated",
                object: { id: `agent-bench${index}`, name: "Bench" },
              }),
            );
            createdAt.set(event.id, event.createdAt.getTime());
          });
          const lastSentMs = Date.now() - started;
          const deadline = Date.now() + (settings.webhookSeconds + 30) * 1000;
          // Late deliveries of an earlier trial may still arrive: count this trial's own.
          const delivered = () => [...createdAt.keys()].filter((id) => receivedAt.has(id)).length;
          while (delivered() < count && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          const cpuMsPerItem = cpu() / count;
          const latencies = [...createdAt]
            .map(([id, at]) => (receivedAt.get(id) ?? Number.NaN) - at)
            .filter((ms) => Number.isFinite(ms))
            .sort((a, b) => a - b);
          return {
            rate,
            count,
            completed: latencies.length,
            lastSentMs,
            lastDoneMs:
              Math.max(...[...createdAt.keys()].map((id) => receivedAt.get(id) ?? 0)) - started,
            p50: percentile(latencies, 50),
            p99: percentile(latencies, 99),
            cpuMsPerItem,
          };
        };
        // A cold server spends its first seconds compiling and connecting: not measured.
        await trial(100);
        await healthRate(server.baseUrl, settings, settings.warmupSeconds);
        server.profileFromNow();
        const search = await searchSustainedRate({
          settings,
          goalRatio,
          maxP99Ms,
          // The last first attempts wait out the batch timeout when they do not fill a batch.
          holdMs: sleepMs(firstAttemptBatch.timeout),
          floorRound: () => healthRate(server.baseUrl, settings),
          trial,
        });
        const rss = server.peakRssMb();
        return [
          figure({
            name: "webhooks.sustained",
            value: search.rate,
            unit: "events/s",
            floor: search.floor,
            goal: { min: goalRatio },
            details: {
              cpuMsPerDelivery: search.best?.cpuMsPerItem ?? 0,
              peakRssApiMb: rss.api,
              peakRssWorkerMb: rss.worker,
            },
          }),
        ];
      } finally {
        await server.stop();
      }
    });
  } finally {
    await receiver.close();
  }
}
