import { expect, type Page, test } from "@playwright/test";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { saveScreenshot } from "./support/screenshots";

/** Opens the organization switch, in the sidebar or (narrow) in the navigation drawer. */
async function openSwitch(page: Page, narrow: boolean) {
  if (narrow) await page.getByRole("button", { name: "Open navigation" }).click();
  const sidebar = narrow ? page.getByRole("dialog", { name: "Navigation" }) : page.locator("aside");
  await sidebar.getByTestId("organization-switch").click();
  return sidebar;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  const narrow = viewport.width < 600;
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("an account creates a second organization, switches between the two, and may not leave one as its last owner", async ({
      page,
    }) => {
      const account = newAccount("Orgs");
      await new SignUpPage(page).signUp(account);
      await page.goto("/console/sandbox/keys");

      const sidebar = await openSwitch(page, narrow);
      await expect(sidebar.getByText("You belong to this organization only.")).toBeVisible();
      await expectNoSeriousViolations(page, `organization-switch-${viewport.width}`);
      await sidebar.getByRole("button", { name: "+ New organization" }).click();
      const dialog = page.getByRole("dialog", { name: "New organization" });
      await dialog.getByLabel("Name").fill("Side project");
      await dialog.getByRole("button", { name: "Create organization" }).click();
      // The same section, now in the new organization: its keys, none yet.
      await page.waitForURL("**/console/sandbox/keys");
      await expect(page.locator("aside").getByTestId("organization-name")).toHaveText(
        "Side project",
      );

      const others = (await openSwitch(page, narrow)).getByRole("list", {
        name: "Switch organization",
      });
      await expect(others.getByRole("button")).toHaveCount(1);
      await saveScreenshot(page, `organization-switch-open-${viewport.width}`);
      await others.getByRole("button", { name: new RegExp(account.organization) }).click();
      await page.waitForURL("**/console/sandbox/keys");
      await expect(page.locator("aside").getByTestId("organization-name")).toHaveText(
        account.organization,
      );

      // The account page lists both, and refuses to let the last owner leave.
      await page.goto("/console/sandbox/account");
      const rows = page.getByTestId("organization-row");
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: account.organization })).toContainText("current");
      await expect(rows.filter({ hasText: "Side project" })).toContainText("owner");
      await rows.filter({ hasText: "Side project" }).getByRole("button", { name: "Leave" }).click();
      const leave = page.getByRole("dialog", { name: "Leave “Side project”?" });
      await leave.getByRole("button", { name: "Leave organization" }).click();
      await expect(leave.getByRole("alert")).toContainText("last owner");
      await leave.getByRole("button", { name: "Cancel" }).click();
      await expectNoSeriousViolations(page, `account-organizations-${viewport.width}`);
      await saveScreenshot(page, `account-organizations-${viewport.width}`);
    });
  });
}
