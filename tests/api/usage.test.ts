import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { usageDays } from "@/db/schema";
import { call, eventually } from "../support/api";
import { seedTenant, type TTestTenant } from "../support/tenant";

const tenants: TTestTenant[] = [];
afterAll(async () => {
  for (const tenant of tenants) {
    await db.delete(usageDays).where(eq(usageDays.organizationId, tenant.organizationId));
    await tenant.remove();
  }
});

const usageOf = async (tenant: TTestTenant, environment: "sandbox" | "production") => {
  const rows = await db
    .select()
    .from(usageDays)
    .where(
      and(
        eq(usageDays.organizationId, tenant.organizationId),
        eq(usageDays.environment, environment),
      ),
    );
  return rows;
};

describe("usage counters per organization, environment and UTC day", () => {
  test("served and rate-limited requests are counted apart, in their environment only", async () => {
    const tenant = await seedTenant({ plan: "free" });
    tenants.push(tenant);
    const statuses: number[] = [];
    // The Free burst is 10: the requests past it are refused with 429.
    for (let index = 0; index < 14; index++) {
      statuses.push((await call("GET", "/agents", { key: tenant.keys.sandbox })).status);
    }
    const served = statuses.filter((status) => status === 200).length;
    const refused = statuses.filter((status) => status === 429).length;
    expect(served + refused).toBe(14);
    expect(refused).toBeGreaterThan(0);

    // Counts reach the table within the flush interval (USAGE_FLUSH_MS, 5 s by default).
    const [row] = await eventually(async () => {
      const rows = await usageOf(tenant, "sandbox");
      expect(rows[0]?.requests).toBe(served);
      expect(rows[0]?.rateLimited).toBe(refused);
      return rows;
    }, 15_000);
    expect(row!.day).toBe(new Date().toISOString().slice(0, 10));
    expect(await usageOf(tenant, "production")).toEqual([]);
  });
});
