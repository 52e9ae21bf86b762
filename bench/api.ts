/*
 * Throughput of the API against its floor, on the production build and PostgreSQL.
 *   npm run bench:api            (DATABASE_URL, or a fresh database on 127.0.0.1:5432)
 *   BENCH_ROUNDS=5 BENCH_SECONDS=4 BENCH_WARMUP_SECONDS=3 BENCH_CONNECTIONS=10 npm run bench:api
 * Seeds one organization with a production key and 50 agents, warms every scenario up, then
 * measures closed-loop load from this process over loopback in rounds that take the scenarios
 * in turn, so that the host's drift hits all of them alike; each figure is the median over the
 * rounds. The first scenario is the floor: a route with no authentication and no database. The
 * goal is that the authenticated, database-backed list reaches at least 60% of the floor's
 * requests per second.
 */
import { existsSync } from "node:fs";
import { setConfigVariables } from "@/config";
import { closeDatabase } from "@/db/client";
import { createAgent } from "@/lib/agents/create-agent";
import { allScopes } from "@/lib/auth/scopes";
import { createApiKey } from "@/lib/keys/create-key";
import { createOrganization } from "@/lib/orgs/create-organization";
import { startChildServer, type TChildServer } from "@/tests/support/child-server";
import { benchDatabase } from "./lib/fresh-database";
import { measure, median, type TMeasurement } from "./lib/measure";

type TScenario = {
  name: string;
  path: string;
  /** Sends the seeded production key. */
  authenticated: boolean;
  /** Server configuration of this scenario; scenarios that differ here get their own server. */
  serverEnv?: Record<string, string>;
};

const scenarios: TScenario[] = [
  {
    name: "GET /api/health (floor)",
    path: "/api/health",
    authenticated: false,
    serverEnv: { RATE_LIMIT: "off" },
  },
  // One organization reads as fast as it can, so this measures the route, not the limiter;
  // `bench/api-ratelimit.ts` (the second half of `npm run bench:api`) prices the limiter.
  {
    name: "GET /v1/agents?limit=20",
    path: "/v1/agents?limit=20",
    authenticated: true,
    serverEnv: { RATE_LIMIT: "off" },
  },
];

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function seed(): Promise<string> {
  const organization = await createOrganization({ name: "Bench", plan: "enterprise" });
  const tenant = { organizationId: organization.id, environment: "production" as const };
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

const target = (scenario: TScenario, server: TChildServer, key: string) => ({
  url: `${server.baseUrl}${scenario.path}`,
  headers: scenario.authenticated ? { authorization: `Bearer ${key}` } : undefined,
});

/** Warm-up, then `rounds` measurements of each scenario in turn; medians per scenario. */
async function runGroup(group: TScenario[], server: TChildServer, key: string) {
  for (const scenario of group) {
    const { url, headers } = target(scenario, server, key);
    const check = await fetch(url, { headers });
    if (!check.ok) throw new Error(`${scenario.name}: ${check.status} ${await check.text()}`);
    await measure({ url, headers, seconds: warmupSeconds, connections });
  }
  const samples = new Map<TScenario, TMeasurement[]>(group.map((scenario) => [scenario, []]));
  for (let round = 0; round < rounds; round++) {
    for (const scenario of group) {
      const result = await measure({ ...target(scenario, server, key), seconds, connections });
      samples.get(scenario)!.push(result);
    }
  }
  return new Map(
    [...samples].map(([scenario, results]): [TScenario, TMeasurement] => [
      scenario,
      {
        requestsPerSecond: median(results.map((result) => result.requestsPerSecond)),
        p50: median(results.map((result) => result.p50)),
        p99: median(results.map((result) => result.p99)),
        failed: results.reduce((sum, result) => sum + result.failed, 0),
      },
    ]),
  );
}

const format = (scenario: string, result: TMeasurement, floor: TMeasurement) =>
  [
    scenario.padEnd(40),
    Math.round(result.requestsPerSecond).toString().padStart(8),
    result.p50.toFixed(1).padStart(8),
    result.p99.toFixed(1).padStart(8),
    `${Math.round((100 * result.requestsPerSecond) / floor.requestsPerSecond)}%`.padStart(9),
    result.failed ? `  ${result.failed} failed!` : "",
  ].join("");

async function main() {
  if (!existsSync(".next/BUILD_ID")) throw new Error("No production build: run `npx next build`.");
  const database = await benchDatabase("bench_api");
  setConfigVariables({ DATABASE_URL: database.url });
  const results = new Map<TScenario, TMeasurement>();
  let key = "";
  try {
    const serverEnvs = new Set(
      scenarios.map((scenario) => JSON.stringify(scenario.serverEnv ?? {})),
    );
    for (const serverEnv of serverEnvs) {
      const group = scenarios.filter(
        (scenario) => JSON.stringify(scenario.serverEnv ?? {}) === serverEnv,
      );
      const server = await startChildServer({
        env: { DATABASE_URL: database.url, ...JSON.parse(serverEnv) },
      });
      try {
        key ||= await seed(); // after the first server start: it applies the migrations
        for (const [scenario, result] of await runGroup(group, server, key)) {
          results.set(scenario, result);
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await closeDatabase();
    await database.drop();
  }
  const floor = results.get(scenarios[0]!)!;
  console.log(
    `\nmedians of ${rounds} rounds of ${seconds} s per scenario (after ${warmupSeconds} s warm-up), ${connections} connections, loopback\n`,
  );
  console.log(`${"scenario".padEnd(40)}   req/s  p50 ms  p99 ms  of floor`);
  for (const [scenario, result] of results) console.log(format(scenario.name, result, floor));
  if ([...results.values()].some((result) => result.failed > 0)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
