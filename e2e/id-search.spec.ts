import { expect, test } from "@playwright/test";
import { KeysPage } from "./pages/keys-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { runSettlement } from "./support/settlement";

test("the top bar's search opens an id from a prefix of it; '/' focuses it", async ({
  page,
  request,
}) => {
  await new SignUpPage(page).signUp(newAccount("Search"));
  const keys = new KeysPage(page);
  await keys.goto();
  const key = await keys.create({ name: "Search runner" });
  await keys.closeDialog();
  const deal = await runSettlement(request, key);

  await page.goto("/console/sandbox");
  const search = page.getByRole("combobox", { name: "Go to an id" });
  await page.locator("main").click();
  await page.keyboard.press("/");
  await expect(search).toBeFocused();

  // Without a prefix, a hint; with one that matches nothing, says so.
  await search.fill("3kD9");
  await expect(page.getByText("Type an id with its prefix")).toBeVisible();
  await search.fill("stl-nothing");
  await expect(page.getByText("No id starts with that here")).toBeVisible();

  // A prefix of the settlement's id lists it; Enter opens its page.
  await search.fill(deal.settlementId.slice(0, 9));
  const options = page.getByRole("listbox", { name: "Ids found" }).getByRole("option");
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText("Settlement");
  await expect(options.first()).toContainText(deal.settlementId);
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/console/sandbox/settlements/${deal.settlementId}$`));
  await expect(search).toHaveValue("");

  // An agent shows with its name; a click opens it.
  await search.fill(deal.payerId);
  await expect(options.first()).toContainText("Buyer agent");
  await options.first().click();
  await expect(page).toHaveURL(new RegExp(`/console/sandbox/agents/${deal.payerId}$`));
  await expect(page.getByRole("heading", { name: "Buyer agent", level: 1 })).toBeVisible();

  // Escape clears and closes.
  await search.fill("neg-");
  await search.press("Escape");
  await expect(search).toHaveValue("");
  await expect(search).toHaveAttribute("aria-expanded", "false");
});
