import { createClient, verifyReceiptBundle } from "@agent-settlement/sdk";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { organizations } from "@/db/schema";
import { allScopes } from "@/lib/auth/scopes";
import { createApiKey } from "@/lib/keys/create-key";
import { call } from "../support/api";
import { consoleOrigin, signedUpMember, type TMember } from "../support/console-session";
import { pendingSettlement } from "../support/deals";
import { removeOrganization } from "../support/tenant";

const consoleGet = (who: TMember, path: string) =>
  fetch(`${consoleOrigin()}${path}`, { headers: { cookie: who.cookie } });

let owner: TMember;
let stranger: TMember;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([signedUpMember(), signedUpMember()]);
});
afterAll(async () => {
  for (const who of [owner, stranger]) {
    if (who) await removeOrganization(who.organizationId);
  }
});

describe("the console's receipt page data", () => {
  test("the bundle downloads and verifies offline; a disputed settlement shows on its receipt", {
    timeout: 60_000,
  }, async () => {
    // A settlement flow is more requests than the free plan's burst.
    await db
      .update(organizations)
      .set({ plan: "enterprise" })
      .where(eq(organizations.id, owner.organizationId));
    const { secret } = await createApiKey({
      organizationId: owner.organizationId,
      environment: "sandbox",
      name: "runner",
      scopes: allScopes,
    });
    const client = createClient({ apiKey: secret, baseUrl: inject("baseUrl") });
    const { settlement } = await pendingSettlement(secret);
    await client.settlements.executeAndWait(settlement.id, { timeoutMs: 20_000 });
    const [receipt] = (await client.receipts.list({ settlementId: settlement.id })).data;
    await client.receipts.sealedBundle(receipt!.id);

    const path = `/api/console/receipts/${receipt!.id}/bundle?environment=sandbox`;
    const download = await consoleGet(owner, path);
    expect(download.status).toBe(200);
    const bundle: unknown = await download.json();
    expect(bundle).toMatchObject({ id: receipt!.id, settlementId: settlement.id });
    expect((await verifyReceiptBundle(bundle, await client.jwks())).status).toBe("valid");
    expect((await consoleGet(stranger, path)).status).toBe(404);

    const before = await consoleGet(
      owner,
      `/api/console/receipts/${receipt!.id}?environment=sandbox`,
    );
    expect(((await before.json()) as { settlement: unknown }).settlement).toMatchObject({
      status: "executed",
      disputedAt: null,
    });
    await client.settlements.dispute(settlement.id, { reason: "never delivered" });
    const after = await consoleGet(
      owner,
      `/api/console/receipts/${receipt!.id}?environment=sandbox`,
    );
    expect(((await after.json()) as { settlement: unknown }).settlement).toMatchObject({
      status: "disputed",
      reason: "never delivered",
      disputedAt: expect.stringMatching(/^\d{4}-/),
    });
    expect((await call("GET", `/receipts/${receipt!.id}`, { key: secret })).body.status).toBe(
      "valid",
    );
  });
});
