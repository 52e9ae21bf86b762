import { expect, test } from "@playwright/test";
import { KeysPage } from "./pages/keys-page";
import { OverviewPage } from "./pages/overview-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { callApi } from "./support/api";
import { saveScreenshot } from "./support/screenshots";
import { runSettlement } from "./support/settlement";

test("the overview ticks off getting started from real state and shows volume, success and refusals", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await new SignUpPage(page).signUp(newAccount("Overview"));
  const overview = new OverviewPage(page);
  await overview.goto();
  await expect(page.getByText("0 of 5 done in sandbox.")).toBeVisible();
  for (const step of ["key", "agents", "settlement", "verification", "webhook"] as const)
    await expect(overview.step(step)).toHaveAttribute("data-done", "false");
  await expect(overview.stat("Success rate")).toContainText("No settlement has finished yet");

  const keys = new KeysPage(page);
  await keys.goto();
  const key = await keys.create({ name: "Overview runner" });

  // More requests at once than the free plan's burst: the limiter refuses some.
  const burst = await Promise.all(
    Array.from({ length: 15 }, () =>
      request.fetch("/sandbox/v1/agents", {
        headers: { Authorization: `Bearer ${key}` },
        failOnStatusCode: false,
      }),
    ),
  );
  expect(burst.filter((response) => response.status() === 429).length).toBeGreaterThan(0);

  const deal = await runSettlement(request, key, { value: 12_50 });
  await overview.goto();
  await expect(page.getByText("3 of 5 done in sandbox.")).toBeVisible();
  for (const step of ["key", "agents", "settlement"] as const)
    await expect(overview.step(step)).toHaveAttribute("data-done", "true");
  await expect(overview.step("verification")).toHaveAttribute("data-done", "false");
  await expect(overview.stat("Settled volume")).toContainText("$12.50");
  await expect(overview.stat("Settled volume")).toContainText("1 settlement;");
  await expect(overview.stat("Success rate")).toContainText("100%");

  // The refusals on the page are the usage tally's, once it has been flushed.
  await expect(async () => {
    const usage = await (
      await page.request.get("/api/console/usage?environment=sandbox&days=7")
    ).json();
    const refused = usage.data.reduce((sum: number, day: any) => sum + day.rateLimited, 0);
    expect(refused).toBeGreaterThan(0);
    await page.reload();
    await expect(overview.stat("Rate-limited requests").getByTestId("stat-value")).toHaveText(
      refused.toLocaleString("en-US"),
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 20_000 });

  // Latest activity links to the settlement.
  await expect(page.getByRole("region", { name: "Latest events" })).toContainText(
    "settlement.executed",
  );
  await saveScreenshot(page, "overview-getting-started");

  // Verifying a receipt through the API ticks its step.
  let receiptId = "";
  await expect(async () => {
    const listed = await callApi(request, {
      path: `/sandbox/v1/receipts?settlementId=${deal.settlementId}`,
      key,
    });
    receiptId = listed.body.data[0].id;
  }).toPass({ timeout: 20_000 });
  const verified = await callApi(request, {
    method: "POST",
    path: `/sandbox/v1/receipts/${receiptId}/verify`,
    key,
    body: {},
  });
  expect(verified.status).toBe(200);
  await overview.goto();
  await expect(overview.step("verification")).toHaveAttribute("data-done", "true");

  // A webhook endpoint completes the list, which then gives way to the figures.
  const webhook = await page.request.post("/api/console/webhooks?environment=sandbox", {
    headers: { Origin: baseURL! },
    data: {
      url: "http://127.0.0.1:9/hooks",
      events: ["settlement.executed"],
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    },
  });
  expect(webhook.status()).toBe(201);
  await overview.goto();
  await expect(overview.stat("Settled volume")).toContainText("$12.50");
  await expect(page.getByRole("heading", { name: "Get started" })).toBeHidden();

  // Today's period shows the same settlement; a click on it opens its page.
  await overview.choosePeriod("Today (UTC)");
  await expect(overview.stat("Settled volume")).toContainText("$12.50");
  await page
    .getByRole("region", { name: "Latest settlements" })
    .getByRole("link", { name: /\$12\.50/ })
    .click();
  await page.waitForURL(`**/settlements/${deal.settlementId}`);
  await saveScreenshot(page, "overview-settlement");
});
