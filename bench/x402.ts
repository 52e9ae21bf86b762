/*
 * x402.settle: the highest rate of x402 payments the service keeps up with, each a merchant's
 * `verify` then `settle` through the official `HTTPFacilitatorClient` (@x402/core) as a
 * resource server's middleware makes them, with p99 from the verify call to the settle answer
 * under 500 ms (bench/lib/sustained-rate.ts), against the GET /api/health floor of the API
 * process, measured between the trials: the floor and the goal of `settle.sustained`. Payers
 * are twenty agents of another organization, each with its own Ed25519 key and funded wallet;
 * every trial's payments are signed first with the SDK's client scheme (not measured), then
 * offered at the rate (open loop). A settle answers once the money has moved and the receipt
 * is issued (sealing into the log follows in the background, as for every settlement).
 */
import { generateKeyPairSync } from "node:crypto";
import { HTTPFacilitatorClient } from "@x402/core/http";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { x402ClientScheme, x402Facilitator, x402Network } from "@/sdk/src/x402";
import { startDeployment } from "./lib/deployment";
import { figure, type TFigure } from "./lib/figure";
import { healthRate } from "./lib/floor";
import { withBenchDatabase } from "./lib/fresh-database";
import { percentile } from "./lib/measure";
import { paced } from "./lib/paced";
import { pool } from "./lib/pool";
import { sandboxApi, settlementKey } from "./lib/sandbox-deals";
import type { TSettings } from "./lib/settings";
import { searchSustainedRate, type TTrial } from "./lib/sustained-rate";
import { vacuumDatabase } from "./lib/vacuum";

/** settle.sustained's goal and latency bound: a payment should cost no more than a settlement. */
const goalRatio = 0.12;
const maxP99Ms = 500;
const payerCount = 20;
const price = 250;
const resource = "http://127.0.0.1/report";

/** Payer agents in their own organization, each with a registered key and a funded wallet. */
async function preparePayers(baseUrl: string) {
  const payers = sandboxApi(baseUrl, await settlementKey());
  return pool(payerCount, 4, async () => {
    const agent = await payers("POST", "/agents", { name: "x402 bench payer" });
    const { publicKey, privateKey } = generateKeyPairSync("ed25519");
    const key = await payers("POST", `/agents/${agent.id}/keys`, {
      jwk: publicKey.export({ format: "jwk" }),
    });
    await payers("POST", `/agents/${agent.id}/wallet/fund`, {
      amount: { value: 100_000_000, currency: "USD" },
    });
    return x402ClientScheme({
      agentId: agent.id,
      keyId: key.id,
      privateKey: privateKey.export({ format: "jwk" }) as JsonWebKey,
    });
  });
}

export async function benchX402Settle(settings: TSettings): Promise<TFigure[]> {
  return withBenchDatabase("bench_x402", async (url) => {
    // Rate limiting off, as for settle.sustained: this measures payments, not the limiter.
    const server = await startDeployment(
      { DATABASE_URL: url, RATE_LIMIT: "off" },
      { profile: settings.profile ? "x402.settle" : undefined },
    );
    console.log(`  service: ${server.description}`);
    try {
      const merchantKey = await settlementKey();
      const shop = await sandboxApi(server.baseUrl, merchantKey)("POST", "/agents", {
        name: "Shop",
      });
      const schemes = await preparePayers(server.baseUrl);
      const requirements: PaymentRequirements = {
        scheme: "exact",
        network: x402Network("sandbox"),
        asset: "USD",
        amount: String(price),
        payTo: shop.id,
        maxTimeoutSeconds: 300,
        // As x402ServerScheme names the resource paid for, so that the signature covers it.
        extra: { resource },
      };
      const facilitator = new HTTPFacilitatorClient(
        x402Facilitator({ apiKey: merchantKey, baseUrl: server.baseUrl }),
      );

      const trial = async (rate: number): Promise<TTrial> => {
        const count = Math.max(1, Math.round(rate * settings.settleSeconds));
        const payments: PaymentPayload[] = await pool(count, 8, async (index) => {
          const scheme = schemes[index % schemes.length]!;
          const { payload } = await scheme.createPaymentPayload(2, requirements);
          return { x402Version: 2, resource: { url: resource }, accepted: requirements, payload };
        });
        await vacuumDatabase(url);
        const started = Date.now();
        const cpu = server.measureCpu();
        const latencies: number[] = [];
        const failures: string[] = [];
        let lastSentMs = 0;
        let lastDone = 0;
        await paced(count, rate, async (index) => {
          const sent = Date.now();
          if (index === count - 1) lastSentMs = sent - started;
          const payment = payments[index]!;
          try {
            const verified = await facilitator.verify(payment, requirements);
            if (!verified.isValid) throw new Error(`verify: ${verified.invalidReason}`);
            const settled = await facilitator.settle(payment, requirements);
            if (!settled.success) throw new Error(`settle: ${settled.errorReason}`);
            latencies.push(Date.now() - sent);
          } catch (error) {
            failures.push((error as Error).message);
          }
          lastDone = Math.max(lastDone, Date.now() - started);
        });
        if (failures.length > 0)
          console.log(`  ${failures.length} payments failed, the first: ${failures[0]}`);
        latencies.sort((a, b) => a - b);
        return {
          rate,
          count,
          completed: latencies.length,
          lastSentMs,
          lastDoneMs: lastDone,
          p50: Math.round(percentile(latencies, 50)),
          p99: Math.round(percentile(latencies, 99)),
          cpuMsPerItem: cpu() / count,
        };
      };
      // A cold server spends its first seconds compiling and connecting: not measured.
      await trial(10);
      await healthRate(server.baseUrl, settings, settings.warmupSeconds);
      server.profileFromNow();
      const search = await searchSustainedRate({
        settings,
        goalRatio,
        maxP99Ms,
        floorRound: () => healthRate(server.baseUrl, settings),
        trial,
      });
      const peakRssMb = server.peakRssMb();
      return [
        figure({
          name: "x402.settle",
          value: search.rate,
          unit: "payments/s",
          floor: search.floor,
          goal: { min: goalRatio },
          details: {
            cpuMsPerPayment: search.best?.cpuMsPerItem ?? 0,
            peakRssApiMb: peakRssMb.api,
            peakRssWorkerMb: peakRssMb.worker,
          },
        }),
      ];
    } finally {
      await server.stop();
    }
  });
}
