import { expect, type Page } from "@playwright/test";
import { ConsoleShell } from "./pages/console-shell";
import { expectNoSeriousViolations } from "./support/axe";
import { test } from "./support/console-fixture";
import { checkedWidths, consolePages, expectSettled, publicPages } from "./support/console-pages";
import { saveScreenshot } from "./support/screenshots";

const phone = { width: 390, height: 844 };

/** The page scrolls vertically only: nothing is wider than the window. */
async function expectNoHorizontalScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(scrollWidth, "the page's scroll width").toBeLessThanOrEqual(width);
}

for (const viewport of checkedWidths) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test.describe("signed out", () => {
      test.use({ storageState: { cookies: [], origins: [] } });
      for (const checked of publicPages) {
        test(`${checked.name} fits the width`, async ({ page }) => {
          test.slow(checked.long === true, "many screens long");
          await page.goto(checked.path);
          await checked.loaded(page);
          await expectNoHorizontalScroll(page, viewport.width);
          await saveScreenshot(page, `${checked.name}-${viewport.width}`, !checked.long);
        });
      }
    });

    for (const checked of consolePages) {
      test(`${checked.name} fits the width`, async ({ page, seededConsole }) => {
        await page.goto(checked.path(seededConsole));
        await checked.loaded(page, seededConsole);
        await expectSettled(page);
        await expectNoHorizontalScroll(page, viewport.width);
        await saveScreenshot(page, `${checked.name}-${viewport.width}`);
      });
    }
  });
}

test.describe("at 390 px", () => {
  test.use({ viewport: phone });

  test("lists are cards: every line names its column, and status and actions are in view", async ({
    page,
    seededConsole,
  }) => {
    /** The cell of `column` in `row`: labelled, visible, and inside the screen's width. */
    const cellInView = async (row: ReturnType<Page["locator"]>, column: string) => {
      const cell = row.locator(`td[data-label="${column}"]`);
      await expect(cell).toBeVisible();
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${column} ends inside the screen`).toBeLessThanOrEqual(
        phone.width,
      );
      return box;
    };
    await page.goto("/console/sandbox/logs");
    const log = page.getByTestId("request-log-row").first();
    await expect(log).toBeVisible();
    await cellInView(log, "Status");
    // The path gets the card's width, not a sliver of a column.
    expect((await cellInView(log, "Path")).width).toBeGreaterThan(phone.width / 2);
    // The header row is left to screen readers: a 1 px clip on screen.
    const header = await page.locator("thead").first().boundingBox();
    expect(header!.height).toBeLessThanOrEqual(1);
    await saveScreenshot(page, "request-logs-cards-390");

    await page.goto("/console/sandbox/settlements");
    const settlement = page.getByRole("row").filter({ hasText: seededConsole.settlementId });
    await cellInView(settlement, "Status");
    await cellInView(settlement, "Amount");

    await page.goto("/console/sandbox/keys");
    const key = page.getByRole("row").filter({ hasText: "Console checks" });
    await cellInView(key, "Status");
    await cellInView(key, "Actions");
    await expectNoHorizontalScroll(page, phone.width);
  });

  test("the navigation collapses into a drawer that closes on Escape and on navigation", async ({
    page,
  }) => {
    const shell = new ConsoleShell(page);
    await page.goto("/console/sandbox");
    await expect(page.getByRole("navigation", { name: "Console" })).toBeHidden();
    await expect(shell.menuButton()).toHaveAttribute("aria-expanded", "false");

    // Opening moves focus into the drawer; Escape closes it and gives focus back to the button.
    await shell.openDrawer();
    await expect(shell.drawer().getByRole("button", { name: "Close navigation" })).toBeFocused();
    await expectNoSeriousViolations(page, "navigation-drawer-390");
    await saveScreenshot(page, "navigation-drawer-390", false);
    await page.keyboard.press("Escape");
    await expect(shell.drawer()).toBeHidden();
    await expect(shell.menuButton()).toBeFocused();
    await expect(shell.menuButton()).toHaveAttribute("aria-expanded", "false");

    // Following a link navigates and closes it; so does the close button.
    await shell.openDrawer();
    await shell.drawer().getByRole("link", { name: "Receipts" }).click();
    await page.waitForURL(/\/console\/sandbox\/receipts$/);
    await expect(page.getByRole("heading", { name: "Receipts", level: 1 })).toBeVisible();
    await expect(shell.drawer()).toBeHidden();
    await shell.openDrawer();
    await expect(
      shell.drawer().getByRole("link", { name: "Receipts" }),
      "the current section is marked",
    ).toHaveAttribute("aria-current", "page");
    await shell.drawer().getByRole("button", { name: "Close navigation" }).click();
    await expect(shell.drawer()).toBeHidden();

    // A tap on the backdrop beside the drawer closes it.
    await shell.openDrawer();
    await page.mouse.click(phone.width - 10, phone.height / 2);
    await expect(shell.drawer()).toBeHidden();

    // A link to the page already shown closes it too.
    await shell.openDrawer();
    await shell.drawer().getByRole("link", { name: "Receipts" }).click();
    await expect(shell.drawer()).toBeHidden();
  });

  test("the environment switch stays in view and switches", async ({ page }) => {
    const shell = new ConsoleShell(page);
    await page.goto("/console/sandbox/agents");
    const environments = page.getByRole("navigation", { name: "Environment" });
    await expect(environments).toBeInViewport({ ratio: 1 });
    await shell.switchEnvironment("Production");
    await expect(page.getByRole("heading", { name: "Agents", level: 1 })).toBeVisible();
    await expect(shell.sandboxBanner()).toHaveCount(0);
    await expect(environments).toBeInViewport({ ratio: 1 });
    await expectNoHorizontalScroll(page, phone.width);
    await shell.switchEnvironment("Sandbox");
    await expect(shell.sandboxBanner()).toBeVisible();
  });
});

test.describe("at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the sidebar shows the navigation and no menu button", async ({ page }) => {
    const shell = new ConsoleShell(page);
    await page.goto("/console/sandbox");
    await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
    await expect(shell.menuButton()).toBeHidden();
    await shell.navigate("Agents");
    await expect(page.getByRole("heading", { name: "Agents", level: 1 })).toBeVisible();
  });
});
