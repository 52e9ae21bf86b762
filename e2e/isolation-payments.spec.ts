import { expect, test } from "@playwright/test";
import { KeysPage } from "./pages/keys-page";
import { ReceiptsPage } from "./pages/receipts-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { runSettlement } from "./support/settlement";

test("another organization sees none of the first one's payments, receipts or webhooks", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  // The first organization: a settled deal with its receipt, and a webhook endpoint.
  await new SignUpPage(page).signUp(newAccount("Payer"));
  const keys = new KeysPage(page);
  await keys.goto("sandbox");
  const key = await keys.create({ name: "Payments key" });
  const deal = await runSettlement(request, key);
  const sameOrigin = { Origin: baseURL! };
  const webhook = await page.request.post("/api/console/webhooks?environment=sandbox", {
    headers: sameOrigin,
    data: {
      url: "http://127.0.0.1:9/hooks",
      events: ["*"],
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    },
  });
  expect(webhook.status()).toBe(201);
  const webhookId = (await webhook.json()).id as string;
  let receiptId = "";
  await expect(async () => {
    const listed = await page.request.get(
      `/api/console/receipts?environment=sandbox&settlementId=${deal.settlementId}`,
    );
    receiptId = (await listed.json()).data[0].id;
  }).toPass({ timeout: 20_000 });

  // The second organization, by UI and by direct calls with its own session.
  const second = await browser.newContext();
  const secondPage = await second.newPage();
  await new SignUpPage(secondPage).signUp(newAccount("Outsider"));
  const receipts = new ReceiptsPage(secondPage);
  await receipts.goto();
  await expect(secondPage.getByTestId("empty-state")).toContainText("No sandbox receipts yet");
  await secondPage.goto(`/console/sandbox/receipts/${receiptId}`);
  await expect(secondPage.getByText("No such receipt")).toBeVisible();
  await secondPage.goto(`/console/sandbox/webhooks/${webhookId}`);
  await expect(secondPage.getByText("No such webhook")).toBeVisible();

  const asSecond = secondPage.request;
  for (const list of ["receipts", "negotiations", "settlements", "webhooks"]) {
    const response = await asSecond.get(`/api/console/${list}?environment=sandbox`);
    expect(response.status(), list).toBe(200);
    expect((await response.json()).data, list).toEqual([]);
  }
  for (const [method, path] of [
    ["GET", `/api/console/receipts/${receiptId}`],
    ["POST", `/api/console/receipts/${receiptId}/verify`],
    ["GET", `/api/console/negotiations/${deal.negotiationId}`],
    ["GET", `/api/console/settlements/${deal.settlementId}`],
    ["GET", `/api/console/webhooks/${webhookId}`],
    ["PATCH", `/api/console/webhooks/${webhookId}`],
    ["DELETE", `/api/console/webhooks/${webhookId}`],
    ["POST", `/api/console/webhooks/${webhookId}/test`],
    ["GET", `/api/console/webhooks/${webhookId}/deliveries`],
  ] as const) {
    const response = await asSecond.fetch(`${path}?environment=sandbox`, {
      method,
      headers: sameOrigin,
      data: method === "PATCH" ? { status: "disabled" } : method === "POST" ? {} : undefined,
    });
    expect(response.status(), `${method} ${path}`).toBe(404);
  }
  // Changes to the first organization's settlement and agents are 404 as well.
  for (const [method, path, data] of [
    ["POST", `/api/console/settlements/${deal.settlementId}/reverse`, {}],
    ["POST", `/api/console/settlements/${deal.settlementId}/dispute`, { reason: "not mine" }],
    ["PATCH", `/api/console/agents/${deal.payerId}`, { name: "Taken" }],
    ["DELETE", `/api/console/agents/${deal.payeeId}`, undefined],
    ["GET", `/api/console/agents/${deal.payerId}/wallet`, undefined],
    [
      "POST",
      `/api/console/agents/${deal.payerId}/wallet/fund`,
      { amount: { value: 100, currency: "USD" } },
    ],
  ] as const) {
    const response = await asSecond.fetch(`${path}?environment=sandbox`, {
      method,
      headers: sameOrigin,
      data,
    });
    expect(response.status(), `${method} ${path}`).toBe(404);
  }
  const overview = await (await asSecond.get("/api/console/overview?environment=sandbox")).json();
  expect(overview.recentEvents).toEqual([]);
  const usage = await (await asSecond.get("/api/console/usage?environment=sandbox")).json();
  for (const day of usage.data) {
    expect(day.requests).toBe(0);
    expect(day.volume).toEqual([]);
  }
  await second.close();

  // The first organization's settlement and agents are as they were.
  const settlement = await page.request.get(
    `/api/console/settlements/${deal.settlementId}?environment=sandbox`,
  );
  expect((await settlement.json()).status).toBe("executed");
  const payer = await page.request.get(`/api/console/agents/${deal.payerId}?environment=sandbox`);
  expect((await payer.json()).name).toBe("Buyer agent");
  const payee = await page.request.get(`/api/console/agents/${deal.payeeId}?environment=sandbox`);
  expect(payee.status()).toBe(200);

  // The first organization's endpoint survived, still enabled.
  const kept = await page.request.get(`/api/console/webhooks/${webhookId}?environment=sandbox`);
  expect((await kept.json()).status).toBe("active");
});
