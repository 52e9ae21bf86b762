import { expect, test } from "@playwright/test";
import { KeysPage } from "./pages/keys-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { callApi } from "./support/api";
import { runSettlement } from "./support/settlement";

test("settlements, negotiations and agents filter (status, id, day, search), kept in the URL", async ({
  page,
  request,
}) => {
  await new SignUpPage(page).signUp(newAccount("Filters"));
  const keys = new KeysPage(page);
  await keys.goto();
  const key = await keys.create({ name: "Filter runner" });
  const deal = await runSettlement(request, key);
  // A second negotiation, left open: no settlement.
  const open = await callApi(request, {
    method: "POST",
    path: "/sandbox/v1/negotiations",
    key,
    body: {
      initiatorAgentId: deal.payerId,
      responders: [deal.payeeId],
      terms: { amount: { value: 500, currency: "USD" }, description: "Proofread" },
    },
  });
  expect(open.status, JSON.stringify(open.body)).toBe(201);
  const rows = page.locator("tbody tr");
  const filters = page.getByRole("form", { name: "Filters" });

  await page.goto("/console/sandbox/settlements");
  await expect(rows).toHaveCount(1);
  await filters.getByLabel("Status").selectOption("pending");
  await expect(page).toHaveURL(/[?&]status=pending(&|$)/);
  await expect(page.getByTestId("empty-state")).toContainText("No settlements match these filters");
  await filters.getByLabel("Status").selectOption("executed");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(deal.settlementId);
  await filters.getByLabel("Negotiation").fill(open.body.id);
  await expect(page.getByTestId("empty-state")).toBeVisible();
  await filters.getByLabel("Negotiation").fill(deal.negotiationId);
  await expect(rows).toHaveCount(1);
  // Created no later than yesterday: nothing; from today: the settlement.
  const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString("en-CA");
  await filters.getByLabel("Created to").fill(yesterday);
  await expect(page.getByTestId("empty-state")).toBeVisible();
  await filters.getByLabel("Created to").fill("");
  await filters.getByLabel("Created from").fill(new Date().toLocaleDateString("en-CA"));
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(filters.getByLabel("Status")).toHaveValue("executed");
  await expect(filters.getByLabel("Negotiation")).toHaveValue(deal.negotiationId);
  await expect(rows).toHaveCount(1);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/status=|negotiationId=|createdAfter=/);

  await page.goto("/console/sandbox/negotiations?status=open");
  await expect(filters.getByLabel("Status")).toHaveValue("open");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(open.body.id);
  await filters.getByLabel("Status").selectOption("accepted");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(deal.negotiationId);
  await filters.getByLabel("Status").selectOption("");
  await expect(rows).toHaveCount(2);

  // Agents: a search on name and description, and a status.
  await page.goto("/console/sandbox/agents");
  await expect(rows).toHaveCount(2);
  await filters.getByLabel("Search").fill("seller");
  await expect(page).toHaveURL(/[?&]q=seller(&|$)/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Seller agent");
  await filters.getByLabel("Status").selectOption("suspended");
  await expect(page.getByTestId("empty-state")).toContainText("No agents match these filters");
  await page.reload();
  await expect(filters.getByLabel("Search")).toHaveValue("seller");
  await expect(filters.getByLabel("Status")).toHaveValue("suspended");
});
