/*
 * scale.*: what a million rows cost. Compares the same figures on two databases in one run: a
 * small one (1,000 rows a table, full pages, everything cached) and `bench_scale`, kept on the
 * local server between runs, with BENCH_SCALE_ROWS (1,000,000) agents, settlements, receipts,
 * attest-log leaves and events in one sandbox organization (bench/lib/scale-seed.ts; seeded
 * again only when missing or incomplete). Each figure is the large database's ÷ the small
 * one's, goal ≥ 0.90:
 *   - reads (closed loop, both servers up, alternating rounds): the agents list, executed
 *     settlements, the events list, and receipt verification of the receipts issued through
 *     the real code (appended after the bulk-filled leaves, so their proofs span the whole log);
 *   - settle.sustained's quick search on each, each rate over its own health floor.
 * Each figure's details hold its tables' bytes per row on the large database.
 */
import { allScopes } from "@/lib/auth/scopes";
import { createApiKey } from "@/lib/keys/create-key";
import { startChildServer, type TChildServer } from "@/tests/support/child-server";
import { verifyRate } from "./attest-api";
import { alternate } from "./lib/alternate";
import { figure, type TFigure } from "./lib/figure";
import { withBenchDatabase, withKeptDatabase } from "./lib/fresh-database";
import { measure } from "./lib/measure";
import { stopServers } from "./lib/processes";
import { settlementKey } from "./lib/sandbox-deals";
import { seededOrganization, seedScale, verifiableReceiptIds } from "./lib/scale-seed";
import { benchSettings, type TSettings } from "./lib/settings";
import { tableSizes } from "./lib/table-sizes";
import { searchSettlementRate } from "./settle";

const SCALE_DATABASE = "bench_scale";
const SMALL_ROWS = 1_000;

type TPrepared = { url: string; readKey: string; receiptIds: string[]; settleKey: string };

/** Keys and receipt ids for the benchmark on a seeded database (this process's database). */
async function prepare(url: string, organizationId: string): Promise<TPrepared> {
  const { secret } = await createApiKey({
    organizationId,
    environment: "sandbox",
    name: "bench",
    scopes: allScopes,
  });
  return {
    url,
    readKey: secret,
    receiptIds: await verifiableReceiptIds(url, organizationId),
    settleKey: await settlementKey(),
  };
}

async function largeDatabase(rows: number): Promise<TPrepared> {
  const kept = await withKeptDatabase(SCALE_DATABASE, { fresh: false }, async (url) => {
    const seeded = await seededOrganization(rows);
    return seeded ? prepare(url, seeded) : undefined;
  });
  if (kept) return kept;
  return withKeptDatabase(SCALE_DATABASE, { fresh: true }, async (url) => {
    console.log(`  seeding ${SCALE_DATABASE} with ${rows.toLocaleString("en-US")} rows a table…`);
    const started = Date.now();
    const organizationId = await seedScale(url, rows);
    console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return prepare(url, organizationId);
  });
}

const reads = {
  list: "/sandbox/v1/agents?limit=20",
  settlements: "/sandbox/v1/settlements?status=executed&limit=20",
  events: "/sandbox/v1/events?limit=20",
} as const;

/** Requests per second of each read, and of verification, on each database, alternating. */
async function compareReads(small: TPrepared, large: TPrepared, settings: TSettings) {
  const servers: TChildServer[] = [];
  try {
    for (const database of [small, large]) {
      servers.push(
        await startChildServer({ env: { DATABASE_URL: database.url, RATE_LIMIT: "off" } }),
      );
    }
    const rate = (index: 0 | 1, read: keyof typeof reads | "verify") => async (seconds: number) => {
      const database = [small, large][index]!;
      const baseUrl = servers[index]!.baseUrl;
      if (read === "verify") {
        const { receiptIds: ids, readKey: key, connections } = { ...database, ...settings };
        return verifyRate({ baseUrl, key, ids, seconds, connections });
      }
      const result = await measure({
        url: `${baseUrl}${reads[read]}`,
        headers: { authorization: `Bearer ${database.readKey}` },
        seconds,
        connections: settings.connections,
      });
      if (result.failed > 0) throw new Error(`${reads[read]}: ${result.failed} failed requests`);
      return result.requestsPerSecond;
    };
    const measurements = {} as Record<string, () => Promise<number>>;
    for (const read of [...(Object.keys(reads) as (keyof typeof reads)[]), "verify" as const]) {
      for (const index of [0, 1] as const) {
        await rate(index, read)(settings.warmupSeconds);
        measurements[`${read}.${index ? "large" : "small"}`] = () =>
          rate(index, read)(settings.roundSeconds);
      }
    }
    return await alternate(settings.rounds, measurements);
  } finally {
    await stopServers(servers);
  }
}

export async function benchScale(settings: TSettings): Promise<TFigure[]> {
  const rows = Number(process.env.BENCH_SCALE_ROWS ?? 1_000_000);
  const large = await largeDatabase(rows);
  const sizes = await tableSizes(large.url, [
    "agents",
    "settlements",
    "settlement_parties",
    "receipts",
    "attest_log_nodes",
    "events",
  ]);
  return withBenchDatabase("bench_scale_small", async (url) => {
    const small = await prepare(url, await seedScale(url, SMALL_ROWS));
    const rates = await compareReads(small, large, settings);
    // Quick periods, but room to step down as well as up: both searches must find a kept rate.
    const quick = { ...benchSettings(true), searchSteps: 5 };
    const smallSettle = await searchSettlementRate({
      url: small.url,
      key: small.settleKey,
      settings: quick,
    });
    // The large database's search starts where the small one's ended, so both try the same rates.
    const largeSettle = await searchSettlementRate({
      url: large.url,
      key: large.settleKey,
      settings: quick,
      startRate: smallSettle.rate,
    });
    const sized = (table: keyof typeof sizes, prefix = table) =>
      Object.fromEntries(
        Object.entries(sizes[table]!).map(([name, value]) => [
          `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}`,
          value,
        ]),
      );
    const compared = (name: string, read: string, details: Record<string, number>) =>
      figure({
        name,
        value: rates[`${read}.large`]!,
        unit: "req/s",
        floor: rates[`${read}.small`]!,
        goal: { min: 0.9 },
        details,
      });
    return [
      compared("scale.api_list", "list", sized("agents")),
      compared("scale.settlements_list", "settlements", {
        ...sized("settlements"),
        ...sized("settlement_parties", "settlementParties"),
      }),
      compared("scale.events_list", "events", sized("events")),
      compared("scale.verify_api", "verify", {
        ...sized("receipts"),
        ...sized("attest_log_nodes", "logNodes"),
      }),
      figure({
        name: "scale.settle_sustained",
        value: largeSettle.rate,
        unit: "settlements/s",
        floor: smallSettle.rate,
        ratio:
          smallSettle.rate > 0 && largeSettle.floor > 0
            ? largeSettle.rate / largeSettle.floor / (smallSettle.rate / smallSettle.floor)
            : 0,
        goal: { min: 0.9 },
        details: {
          smallFloor: smallSettle.floor,
          largeFloor: largeSettle.floor,
          smallCpuMsPerSettlement: smallSettle.cpuMsPerSettlement,
          largeCpuMsPerSettlement: largeSettle.cpuMsPerSettlement,
        },
      }),
    ];
  });
}
