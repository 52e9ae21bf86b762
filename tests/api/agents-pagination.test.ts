import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { agents } from "@/db/schema";
import { createAgent } from "@/lib/agents/create-agent";
import type { TTenant } from "@/lib/auth/tenant";
import { newId } from "@/lib/ids";
import { call, type TApiResponse } from "../support/api";
import { seedTenant, type TTestTenant } from "../support/tenant";

const letters = (length: number) =>
  Array.from({ length }, () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 26)]).join(
    "",
  );

type TSeed = { id: string; createdAt: Date };

/**
 * `count` agents straight into the table, a second apart going back from now, with every
 * fourth one sharing its neighbour's timestamp so that ties on createdAt are paged by id.
 */
async function insertAgents(
  tenant: TTenant,
  count: number,
  fields: (index: number) => Partial<typeof agents.$inferInsert> = () => ({}),
): Promise<TSeed[]> {
  const start = Date.now() - 3_600_000;
  const rows = Array.from({ length: count }, (_, index) => ({
    id: newId("agent"),
    ...tenant,
    name: `Paged ${index}`,
    createdAt: new Date(start - (index - (index % 4 === 3 ? 1 : 0)) * 1000),
    ...fields(index),
  }));
  await db.insert(agents).values(rows);
  return rows;
}

/** Newest first, ties by id descending: the order every list promises. */
const newestFirst = (rows: TSeed[]) =>
  [...rows]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((row) => row.id);

/** Reads every page, calling `between` after each one, and returns the ids in page order. */
async function walk(key: string, firstPath: string, between: () => Promise<void>) {
  const ids: string[] = [];
  const separator = firstPath.includes("?") ? "&" : "?";
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const path: string = cursor ? `${firstPath}${separator}cursor=${cursor}` : firstPath;
    const page = await call("GET", path, { key });
    expect(page.status).toBe(200);
    ids.push(...page.body.data.map((item: { id: string }) => item.id));
    expect(page.body.hasMore).toBe(page.body.cursor !== null);
    if (!page.body.hasMore) return ids;
    cursor = page.body.cursor;
    await between();
  }
  throw new Error("more than 100 pages");
}

const tenants: TTestTenant[] = [];
const newTenant = async () => {
  const tenant = await seedTenant();
  tenants.push(tenant);
  return tenant;
};
const sandboxOf = (tenant: TTestTenant): TTenant => ({
  organizationId: tenant.organizationId,
  environment: "sandbox",
});
afterAll(() => Promise.all(tenants.map((tenant) => tenant.remove())));

describe("GET /v1/agents pagination", () => {
  let tenant: TTestTenant;
  let seeded: TSeed[];
  beforeAll(async () => {
    tenant = await newTenant();
    seeded = await insertAgents(sandboxOf(tenant), 105);
  });

  test("limit defaults to 20 and goes up to 100", async () => {
    const key = tenant.keys.sandbox;
    const order = newestFirst(seeded);
    const first = await call("GET", "/agents", { key });
    expect(first.body.data.map((agent: TSeed) => agent.id)).toEqual(order.slice(0, 20));
    expect(first.body).toMatchObject({ hasMore: true, cursor: expect.any(String) });

    const largest = await call("GET", "/agents?limit=100", { key });
    expect(largest.body.data.map((agent: TSeed) => agent.id)).toEqual(order.slice(0, 100));
    const rest = await call("GET", `/agents?limit=100&cursor=${largest.body.cursor}`, { key });
    expect(rest.body.data.map((agent: TSeed) => agent.id)).toEqual(order.slice(100));
    expect(rest.body).toMatchObject({ hasMore: false, cursor: null });

    const one = await call("GET", "/agents?limit=1", { key });
    expect(one.body.data).toHaveLength(1);
  });

  test("no row repeats or is skipped while agents are registered between page reads", async () => {
    const key = tenant.keys.sandbox;
    const ids = await walk(key, "/agents?limit=7", async () => {
      await call("POST", "/agents", { key, body: { name: "Registered meanwhile" } });
      await createAgent({ tenant: sandboxOf(tenant), input: { name: "Also meanwhile" } });
    });
    expect(ids).toEqual(newestFirst(seeded));
  });

  test("a filter pages the same way", async () => {
    const other = await newTenant();
    const rows = await insertAgents(sandboxOf(other), 30, (index) => ({
      status: index % 3 === 0 ? "suspended" : "active",
    }));
    const ids = await walk(other.keys.sandbox, "/agents?status=suspended&limit=3", async () => {
      await insertAgents(sandboxOf(other), 1, () => ({
        status: "suspended",
        createdAt: new Date(),
      }));
    });
    expect(ids).toEqual(newestFirst(rows.filter((_, index) => index % 3 === 0)));
  });
});

describe("GET /v1/agents/discover pagination", () => {
  // A capability and a word of this test only: discover spans every organization.
  const capability = `paged-${letters(10)}`;
  const word = letters(12);
  let tenants: TTestTenant[];
  let seeded: TSeed[];
  beforeAll(async () => {
    tenants = [await newTenant(), await newTenant()];
    seeded = [];
    for (const tenant of tenants) {
      seeded.push(
        ...(await insertAgents(sandboxOf(tenant), 15, (index) => ({
          capabilities: [capability],
          // 1 to 3 mentions of the word: three rank levels, each with ties.
          description: Array.from({ length: (index % 3) + 1 }, () => word).join(" filler "),
        }))),
      );
    }
  });

  const registerMatching = (mentions: number) =>
    createAgent({
      tenant: sandboxOf(tenants[0]!),
      input: {
        name: "Registered meanwhile",
        capabilities: [capability],
        description: Array.from({ length: mentions }, () => word).join(" "),
      },
    });

  test("by capability alone: newest first, none repeated or skipped despite new agents", async () => {
    const ids = await walk(
      tenants[1]!.keys.sandbox,
      `/agents/discover?capability=${capability}&limit=4`,
      async () => {
        await registerMatching(1);
      },
    );
    expect(ids).toEqual(newestFirst(seeded));
  });

  test("ranked by q: best first, none repeated or skipped despite new agents of any rank", async () => {
    const key = tenants[1]!.keys.sandbox;
    const seen: { id: string; score: number }[] = [];
    const first = `/agents/discover?capability=${capability}&q=${word}&limit=4`;
    let path: string | null = first;
    let mentions = 0;
    while (path) {
      const page: TApiResponse = await call("GET", path, { key });
      expect(page.status).toBe(200);
      seen.push(...page.body.data);
      path = page.body.hasMore ? `${first}&cursor=${page.body.cursor}` : null;
      await registerMatching((mentions++ % 4) + 1);
    }
    // Agents registered below the cursor's rank legitimately show up on later pages.
    const ids = seen.map((agent) => agent.id);
    expect(new Set(ids).size).toBe(ids.length);
    const seededIds = new Set(seeded.map((row) => row.id));
    expect(ids.filter((id) => seededIds.has(id)).sort()).toEqual([...seededIds].sort());
    const scores = seen.map((agent) => agent.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(new Set(scores).size).toBeGreaterThanOrEqual(3);
  });
});
