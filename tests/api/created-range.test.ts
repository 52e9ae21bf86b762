import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call } from "../support/api";
import { pendingSettlement } from "../support/deals";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
const deals: Awaited<ReturnType<typeof pendingSettlement>>[] = [];
beforeAll(async () => {
  tenant = await seedTenant();
  for (let index = 0; index < 3; index++) deals.push(await pendingSettlement(tenant.keys.sandbox));
});
afterAll(() => tenant.remove());

const ids = (body: { data: { id: string }[] }) => body.data.map((item) => item.id);

// Both bounds exclusive on every list: a window bounded by the first and the last item holds
// only the middle one.
describe.each([
  { list: "/settlements", item: (deal: (typeof deals)[number]) => deal.settlement },
  { list: "/negotiations", item: (deal: (typeof deals)[number]) => deal.negotiation },
])("createdAfter and createdBefore on $list", ({ list, item }) => {
  test("both bounds are exclusive", async () => {
    const [first, middle, last] = deals.map(item);
    const window = await call(
      "GET",
      `${list}?createdAfter=${first.createdAt}&createdBefore=${last.createdAt}`,
      { key: tenant.keys.sandbox },
    );
    expect(window.status).toBe(200);
    expect(ids(window.body)).toEqual([middle.id]);
    const upToLast = await call("GET", `${list}?createdBefore=${last.createdAt}`, {
      key: tenant.keys.sandbox,
    });
    expect(ids(upToLast.body)).toEqual([middle.id, first.id]);
  });
});

test("a time outside the years 1 to 9999 (UTC) is 400 naming the parameter", async () => {
  const key = tenant.keys.sandbox;
  for (const [path, param] of [
    ["/settlements?createdAfter=0000-01-01T00:00:00Z", "createdAfter"],
    ["/negotiations?createdBefore=9999-12-31T23:59:59-23:59", "createdBefore"],
    ["/settlements/stats?from=0000-06-01T00:00:00Z", "from"],
    ["/settlements/stats?to=9999-12-31T23:00:00-05:00", "to"],
  ] as const) {
    const refused = await call("GET", path, { key });
    expect(expectError(refused, 400, "invalid_request", param).message).toContain("9999");
  }
  const edge = await call("GET", "/settlements?createdAfter=0001-01-01T00:00:00Z", { key });
  expect(ids(edge.body)).toEqual(deals.map((deal) => deal.settlement.id).reverse());
});
