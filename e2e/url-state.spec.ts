import { expect, test } from "@playwright/test";
import { KeysPage } from "./pages/keys-page";
import { RequestLogsPage } from "./pages/request-logs-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";

test("a list's filters and page live in the URL: reload, Back and a shared link show the same view", async ({
  page,
  request,
}) => {
  await new SignUpPage(page).signUp(newAccount("Urls"));
  const keys = new KeysPage(page);
  await keys.goto("sandbox");
  const secret = await keys.create({ name: "Pager" });
  await keys.closeDialog();
  // One 404, then 25 requests (those past the free plan's burst are refused with 429, and
  // logged too): 26 entries, two pages.
  const missing = await request.get("/sandbox/v1/agents/agent-0000000000000000", {
    headers: { Authorization: `Bearer ${secret}` },
    failOnStatusCode: false,
  });
  expect(missing.status()).toBe(404);
  const missingId = missing.headers()["request-id"]!;
  for (let index = 0; index < 25; index++) {
    await request.get("/sandbox/v1/agents", {
      headers: { Authorization: `Bearer ${secret}` },
      failOnStatusCode: false,
    });
  }

  const logs = new RequestLogsPage(page);
  await logs.goto("sandbox");
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Page 1")).toBeVisible({ timeout: 1_000 });
    await expect(logs.rows()).toHaveCount(20, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const firstPage = await logs
    .rows()
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-request-id")));

  // Next: the cursor goes into the URL; a reload opens the same page.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Page 2")).toBeVisible();
  await expect(page).toHaveURL(/[?&]cursor=/);
  await expect(logs.rows()).toHaveCount(6);
  const secondPage = await logs
    .rows()
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-request-id")));
  expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
  await page.reload();
  await expect(page.getByText("Page 2")).toBeVisible();
  await expect(logs.rows()).toHaveCount(6);

  // Back returns to the first page, and Forward to the second.
  await page.goBack();
  await expect(page.getByText("Page 1")).toBeVisible();
  await expect(page).not.toHaveURL(/cursor=/);
  await expect(logs.rows()).toHaveCount(20);
  await page.goForward();
  await expect(page.getByText("Page 2")).toBeVisible();

  // A filter starts again from the first page and is kept in the URL, without a history entry.
  await logs.filterStatus("404");
  await expect(page).toHaveURL(/[?&]status=404(&|$)/);
  await expect(page).not.toHaveURL(/cursor=/);
  await expect(logs.rows()).toHaveCount(1);
  await expect(logs.row(missingId)).toBeVisible();
  await logs.searchRequestId(missingId);
  await expect(page).toHaveURL(new RegExp(`requestId=${missingId}`));
  await page.reload();
  await expect(logs.filters().getByLabel("Status")).toHaveValue("404");
  await expect(logs.filters().getByLabel("Request ID")).toHaveValue(missingId);
  await expect(logs.rows()).toHaveCount(1);

  // The link, opened elsewhere by the same member, shows the same view.
  const shared = await page.context().newPage();
  await shared.goto(page.url());
  await expect(shared.getByTestId("request-log-row")).toHaveCount(1);
  await expect(shared.locator(`tr[data-request-id="${missingId}"]`)).toBeVisible();
  await shared.close();

  // Clearing the filters clears them from the URL.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/status=|requestId=/);
});
