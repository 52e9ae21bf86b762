/*
 * api.ratelimit_cost: what rate limiting costs an authenticated read. Starts the production
 * build on one database with REDIS_URL (limits in Redis) and with RATE_LIMIT=off, several
 * processes of each: two processes of one build can differ in CPU per request by more than the
 * cost itself. Reads GET /sandbox/v1/agents?limit=20 on both sides in alternating rounds
 * (medians), each side's rounds rotating through its processes. Each of the 50 connections
 * reads with its own Enterprise organization's key, so the limit is checked on every request
 * but never reached (each organization stays under its refill; a 429 would count as a failure,
 * not towards the rate). The cost is 1 − limited ÷ unlimited.
 */
import { createAgent } from "@/lib/agents/create-agent";
import { createApiKey } from "@/lib/keys/create-key";
import { createOrganization } from "@/lib/orgs/create-organization";
import type { TChildServer } from "@/tests/support/child-server";
import { alternate } from "./lib/alternate";
import { figure, type TFigure } from "./lib/figure";
import { withBenchDatabase } from "./lib/fresh-database";
import { measure } from "./lib/measure";
import { pool } from "./lib/pool";
import { processesPerSide, rotating, startServers, stopServers } from "./lib/processes";
import type { TSettings } from "./lib/settings";

const organizations = 50;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

async function seed(): Promise<string[]> {
  return pool(organizations, 4, async (index) => {
    const organization = await createOrganization({ name: `Bench ${index}`, plan: "enterprise" });
    const tenant = { organizationId: organization.id, environment: "sandbox" as const };
    for (let agent = 0; agent < 20; agent++) {
      await createAgent({ tenant, input: { name: `Agent ${agent}`, capabilities: ["bench"] } });
    }
    const { secret } = await createApiKey({ ...tenant, name: "bench", scopes: ["agent.read"] });
    return secret;
  });
}

export async function benchRateLimitCost(settings: TSettings): Promise<TFigure[]> {
  return withBenchDatabase("bench_ratelimit", async (url) => {
    const keys = await seed();
    let limited: TChildServer[] = [];
    let unlimited: TChildServer[] = [];
    try {
      limited = await startServers({ DATABASE_URL: url, REDIS_URL: redisUrl });
      unlimited = await startServers({ DATABASE_URL: url, RATE_LIMIT: "off" });
      const mode = limited[0]!.output().match(/rate limits: [^"\n]*/)?.[0];
      console.log(`  limited server: ${mode ?? "rate limits: (not logged)"}`);
      const read = async (baseUrl: string, seconds: number) => {
        let next = 0;
        const result = await measure({
          url: `${baseUrl}/sandbox/v1/agents?limit=20`,
          clientHeaders: () => ({ authorization: `Bearer ${keys[next++ % keys.length]}` }),
          seconds,
          connections: organizations,
        });
        if (result.failed > 0) console.log(`  ${baseUrl}: ${result.failed} failed requests`);
        return result.requestsPerSecond;
      };
      for (const server of [...limited, ...unlimited])
        await read(server.baseUrl, settings.warmupSeconds);
      const round = (baseUrl: string) => read(baseUrl, settings.roundSeconds);
      const rates = await alternate(settings.rounds * processesPerSide, {
        off: rotating(unlimited, round),
        on: rotating(limited, round),
      });
      return [
        figure({
          name: "api.ratelimit_cost",
          value: rates.on,
          unit: "req/s",
          floor: rates.off,
          ratio: 1 - rates.on / rates.off,
          goal: { max: 0.05 },
        }),
      ];
    } finally {
      await stopServers([...limited, ...unlimited]);
    }
  });
}
