/*
 * attest.verify_api: POST /v1/receipts/:id/verify (recomputeHash) through the production build,
 * against the GET /v1/me floor of the same servers (the pipeline without the route's work), in alternating rounds (medians), each
 * round on the next of several server processes.
 * Verification rotates over sealed receipts, so two connections rarely verify the same receipt
 * at once (that answers 409, which does not count towards the rate). Rate limiting is off, as
 * in api.list: this measures the route, not the limiter.
 */
import { db } from "@/db/client";
import { receipts } from "@/db/schema";
import { createApiKey } from "@/lib/keys/create-key";
import { createOrganization } from "@/lib/orgs/create-organization";
import { issueTestReceipt, sealAll } from "@/tests/support/receipts";
import { alternate } from "./lib/alternate";
import { figure, type TFigure } from "./lib/figure";
import { pipelineRate } from "./lib/floor";
import { withBenchDatabase } from "./lib/fresh-database";
import { measure } from "./lib/measure";
import { processesPerSide, rotating, startServers, stopServers } from "./lib/processes";
import type { TSettings } from "./lib/settings";

/** Issues and seals `count` receipts in one sandbox organization; its key and their ids. */
export async function seedVerifiableReceipts(
  count: number,
): Promise<{ key: string; ids: string[] }> {
  const organization = await createOrganization({ name: "Bench", plan: "enterprise" });
  const tenant = { organizationId: organization.id, environment: "sandbox" as const };
  const { secret } = await createApiKey({
    ...tenant,
    name: "bench",
    scopes: ["attest.verify", "receipt.read"],
  });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await issueTestReceipt({ tenant, responders: (i % 3) + 1 })).id);
  }
  await sealAll("sandbox");
  const sealed = await db.select({ id: receipts.id }).from(receipts);
  if (sealed.length < count) throw new Error("receipts were not sealed");
  return { key: secret, ids };
}

/** Closed-loop verification of `ids` in rotation on `baseUrl`: verified receipts per second. */
export function verifyRate(options: {
  baseUrl: string;
  key: string;
  ids: string[];
  seconds: number;
  connections: number;
}): Promise<number> {
  let next = 0;
  return measure({
    url: `${options.baseUrl}/sandbox/v1/receipts/${options.ids[0]}/verify`,
    method: "POST",
    headers: { authorization: `Bearer ${options.key}`, "content-type": "application/json" },
    body: '{"recomputeHash":true}',
    path: () => `/sandbox/v1/receipts/${options.ids[next++ % options.ids.length]}/verify`,
    seconds: options.seconds,
    connections: options.connections,
  }).then((result) => result.requestsPerSecond);
}

export async function benchAttestApi(settings: TSettings): Promise<TFigure[]> {
  return withBenchDatabase("bench_attest", async (url) => {
    const { key, ids } = await seedVerifiableReceipts(settings.quick ? 100 : 500);
    const servers = await startServers({ DATABASE_URL: url, RATE_LIMIT: "off" });
    try {
      const probe = await fetch(`${servers[0]!.baseUrl}/sandbox/v1/receipts/${ids[0]}/verify`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: '{"recomputeHash":true}',
      });
      const answer = (await probe.json()) as { status?: string };
      if (probe.status !== 200 || answer.status !== "valid") {
        throw new Error(`verify probe answered ${probe.status}: ${JSON.stringify(answer)}`);
      }
      const verify = (baseUrl: string, seconds: number) =>
        verifyRate({ baseUrl, key, ids, seconds, connections: settings.connections });
      for (const { baseUrl } of servers) {
        await verify(baseUrl, settings.warmupSeconds);
        await pipelineRate(baseUrl, key, settings, settings.warmupSeconds);
      }
      const rates = await alternate(settings.rounds * processesPerSide, {
        floor: rotating(servers, (baseUrl) => pipelineRate(baseUrl, key, settings)),
        verify: rotating(servers, (baseUrl) => verify(baseUrl, settings.roundSeconds)),
      });
      return [
        figure({
          name: "attest.verify_api",
          value: rates.verify,
          unit: "req/s",
          floor: rates.floor,
          goal: { min: 0.75 },
        }),
      ];
    } finally {
      await stopServers(servers);
    }
  });
}
