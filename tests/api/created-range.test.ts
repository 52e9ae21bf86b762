import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call } from "../support/api";
import { pendingSettlement } from "../support/deals";
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
