import { randomBytes } from "node:crypto";
import { type BrowserContext, test as base, expect } from "@playwright/test";
import { KeysPage } from "../pages/keys-page";
import { SignUpPage } from "../pages/sign-up-page";
import { newAccount } from "./accounts";
import { callApi } from "./api";
import type { TSeededConsole } from "./console-pages";
import { startReceiver } from "./receiver";
import { runSettlement } from "./settlement";

type TStorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * `test` whose pages are signed in to an organization that has one of everything the console
 * lists (agents, a negotiation, its settlement and receipt, a webhook endpoint with deliveries, an
 * API key), seeded once per worker through the sign-up form and the public API.
 */
export const test = base.extend<
  object,
  { seededConsole: TSeededConsole & { storageState: TStorageState } }
>({
  seededConsole: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, extraHTTPHeaders } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, extraHTTPHeaders });
      const page = await context.newPage();
      await new SignUpPage(page).signUp(newAccount("Shell"));
      const keys = new KeysPage(page);
      await keys.goto();
      const key = await keys.create({ name: "Console checks" });
      await keys.closeDialog();

      const receiver = await startReceiver();
      const api = (method: string, path: string, body?: unknown) =>
        callApi(context.request, { method, path: `/sandbox/v1${path}`, key, body });
      const webhook = await api("POST", "/webhooks", {
        url: receiver.url,
        events: ["settlement.executed", "receipt.created"],
        secret: `whsec_${randomBytes(24).toString("base64")}`,
      });
      expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);
      const deal = await runSettlement(context.request, key);
      let receiptId = "";
      await expect(async () => {
        const receipts = await api("GET", `/receipts?settlementId=${deal.settlementId}`);
        receiptId = receipts.body.data[0]?.id;
        expect(receiptId).toBeTruthy();
      }).toPass({ timeout: 30_000 });

      const consoleKeys = await context.request.get("/api/console/keys?environment=sandbox");
      const keyId: string = (await consoleKeys.json()).data.find(
        (candidate: { name: string }) => candidate.name === "Console checks",
      ).id;
      const events = await api("GET", `/events?type=settlement.executed&limit=1`);
      const eventId: string = events.body.data[0].id;

      const storageState = await context.storageState();
      await context.close();
      await use({
        agentId: deal.payerId,
        negotiationId: deal.negotiationId,
        settlementId: deal.settlementId,
        receiptId,
        webhookId: webhook.body.id,
        keyId,
        eventId,
        storageState,
      });
      await receiver.close();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  storageState: async ({ seededConsole }, use) => use(seededConsole.storageState),
});
