import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call } from "../support/api";
import { consoleCall, removeMembers, sandboxKeyFor } from "../support/console-calls";
import { signedUpMember, type TMember } from "../support/console-session";
import { pendingSettlement, settled } from "../support/deals";
import { expectError } from "../support/expect-error";
import { restingTenantRows, tenantRows } from "../support/tenant-rows";

let owner: TMember;
let stranger: TMember;
let key: string;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([signedUpMember(), signedUpMember()]);
  key = await sandboxKeyFor(owner);
});
afterAll(() => removeMembers([owner, stranger]));

/** An executed settlement of `value` minor units. */
async function executed(value: number) {
  const { settlement } = await pendingSettlement(key, { value });
  expect((await call("POST", `/settlements/${settlement.id}/execute`, { key })).status).toBe(202);
  const done = await settled(key, settlement.id, { timeoutMs: 20_000 });
  expect(done.status).toBe("executed");
  return done.id as string;
}

const actionPath = (id: string, action: "reverse" | "dispute") =>
  `/api/console/settlements/${id}/${action}?environment=sandbox`;

describe("settlement actions in the console", { timeout: 60_000 }, () => {
  test("reverse moves the money back as the API does; a second reverse is a 409", async () => {
    const id = await executed(4_200);
    const reversed = await consoleCall(owner, "POST", actionPath(id, "reverse"), {
      reason: "ordered twice",
    });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body).toMatchObject({ id, status: "reversed", reason: "ordered twice" });
    const seen = await call("GET", `/settlements/${id}`, { key });
    expect(seen.body).toMatchObject({ status: "reversed", reversedAt: reversed.body.reversedAt });
    const again = expectError(
      await consoleCall(owner, "POST", actionPath(id, "reverse"), {}),
      409,
      "conflict",
    );
    expect(again.message).toContain("reversed");
  });

  test("dispute needs a reason: without one a 400 that changes nothing, with one disputed", async () => {
    const id = await executed(1_500);
    // The receipt seals in the background: the rows compared are those at rest.
    const before = await restingTenantRows(owner.organizationId);
    expectError(
      await consoleCall(owner, "POST", actionPath(id, "dispute"), {}),
      400,
      "invalid_request",
      "reason",
    );
    expectError(
      await consoleCall(owner, "POST", actionPath(id, "dispute"), { reason: "x", extra: 1 }),
      400,
      "invalid_request",
      "extra",
    );
    expect(await tenantRows(owner.organizationId)).toEqual(before);
    const disputed = await consoleCall(owner, "POST", actionPath(id, "dispute"), {
      reason: "never delivered",
    });
    expect(disputed.body).toMatchObject({ id, status: "disputed", reason: "never delivered" });
    expect((await call("GET", `/settlements/${id}`, { key })).body.status).toBe("disputed");
    const reverse = expectError(
      await consoleCall(owner, "POST", actionPath(id, "reverse"), {}),
      409,
      "conflict",
    );
    expect(reverse.message).toContain("disputed");
  });

  test("another organization's settlement is a 404 to reverse and to dispute, and stays executed", async () => {
    const id = await executed(900);
    expectError(
      await consoleCall(stranger, "POST", actionPath(id, "reverse"), {}),
      404,
      "not_found",
    );
    expectError(
      await consoleCall(stranger, "POST", actionPath(id, "dispute"), { reason: "mine now" }),
      404,
      "not_found",
    );
    expect((await call("GET", `/settlements/${id}`, { key })).body.status).toBe("executed");
  });

  test("the console's stats are GET /v1/settlements/stats's, and leave reversed money out", async () => {
    // Only this test's settlements: those created from now on.
    const from = new Date().toISOString();
    const query = `from=${encodeURIComponent(from)}`;
    await executed(700);
    const undone = await executed(300);
    await consoleCall(owner, "POST", actionPath(undone, "reverse"), {});
    const viaConsole = await consoleCall(
      owner,
      "GET",
      `/api/console/settlements/stats?environment=sandbox&${query}`,
    );
    expect(viaConsole.status).toBe(200);
    const viaApi = await call("GET", `/settlements/stats?${query}`, { key });
    expect(viaConsole.body).toEqual(viaApi.body);
    expect(viaConsole.body).toMatchObject({
      total: 2,
      counts: { executed: 1, reversed: 1 },
      executedVolume: [{ currency: "USD", value: 700, count: 1 }],
      successRate: 100,
    });
    // The usage page's settled volume of today is the stats' figure for today: one number.
    const midnight = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    const todayStats = await call("GET", `/settlements/stats?from=${midnight}`, { key });
    const usage = await consoleCall(owner, "GET", "/api/console/usage?environment=sandbox&days=1");
    expect(usage.body.data[0].volume).toEqual(todayStats.body.executedVolume);
    expect(todayStats.body.counts.reversed).toBeGreaterThan(0);
    expectError(
      await consoleCall(
        owner,
        "GET",
        `/api/console/settlements/stats?environment=sandbox&from=yesterday`,
      ),
      400,
      "invalid_request",
      "from",
    );
  });
});
