/*
 * api.pipeline: GET /sandbox/v1/me (the /v1 pipeline, no database work) against the
 * GET /api/health floor; api.list: GET /sandbox/v1/agents?limit=20 against api.pipeline, all of
 * the same servers. Seeds one organization with a sandbox key and 50 agents, starts several server
 * processes, warms both reads up on each, then measures closed-loop load from this process over
 * loopback in alternating rounds (medians), each round on the next process.
 * Rate limiting is off: one organization reads as fast as it can, so this measures the route;
 * api.ratelimit_cost (bench/api-ratelimit.ts) prices the limiter.
 */
import { createAgent } from "@/lib/agents/create-agent";
import { allScopes } from "@/lib/auth/scopes";
import { createApiKey } from "@/lib/keys/create-key";
import { createOrganization } from "@/lib/orgs/create-organization";
import { alternate } from "./lib/alternate";
import { figure, type TFigure } from "./lib/figure";
import { healthRate, pipelineRate } from "./lib/floor";
import { withBenchDatabase } from "./lib/fresh-database";
import { measure } from "./lib/measure";
import { processesPerSide, rotating, startServers, stopServers } from "./lib/processes";
import type { TSettings } from "./lib/settings";

async function seed(): Promise<string> {
  const organization = await createOrganization({ name: "Bench", plan: "enterprise" });
  const tenant = { organizationId: organization.id, environment: "sandbox" as const };
  for (let index = 0; index < 50; index++) {
    await createAgent({
      tenant,
      input: {
        name: `Bench agent ${index}`,
        description: "An agent that exists to be listed quickly.",
        capabilities: ["translation", `skill-${index % 5}`],
        endpointUrl: `https://agents.example.com/${index}`,
        metadata: { team: "bench", index: String(index) },
      },
    });
  }
  const { secret } = await createApiKey({ ...tenant, name: "bench", scopes: allScopes });
  return secret;
}

export async function benchApiReads(settings: TSettings): Promise<TFigure[]> {
  return withBenchDatabase("bench_api", async (url) => {
    const key = await seed();
    const servers = await startServers({ DATABASE_URL: url, RATE_LIMIT: "off" });
    try {
      const list = (baseUrl: string, seconds: number) =>
        measure({
          url: `${baseUrl}/sandbox/v1/agents?limit=20`,
          headers: { authorization: `Bearer ${key}` },
          seconds,
          connections: settings.connections,
        });
      for (const { baseUrl } of servers) {
        const warm = await list(baseUrl, settings.warmupSeconds);
        if (warm.failed > 0) throw new Error(`agents list: ${warm.failed} failed requests`);
        await healthRate(baseUrl, settings, settings.warmupSeconds);
        await pipelineRate(baseUrl, key, settings, settings.warmupSeconds);
      }
      const rates = await alternate(settings.rounds * processesPerSide, {
        floor: rotating(servers, (baseUrl) => healthRate(baseUrl, settings)),
        pipeline: rotating(servers, (baseUrl) => pipelineRate(baseUrl, key, settings)),
        list: rotating(
          servers,
          async (baseUrl) => (await list(baseUrl, settings.roundSeconds)).requestsPerSecond,
        ),
      });
      return [
        figure({
          name: "api.pipeline",
          value: rates.pipeline,
          unit: "req/s",
          floor: rates.floor,
          goal: { min: 0.9 },
        }),
        figure({
          name: "api.list",
          value: rates.list,
          unit: "req/s",
          floor: rates.pipeline,
          goal: { min: 0.85 },
        }),
      ];
    } finally {
      await stopServers(servers);
    }
  });
}
