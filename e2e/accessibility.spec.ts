import { expectNoSeriousViolations } from "./support/axe";
import { test } from "./support/console-fixture";
import { checkedWidths, consolePages, expectSettled, publicPages } from "./support/console-pages";

for (const viewport of checkedWidths) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test.describe("signed out", () => {
      test.use({ storageState: { cookies: [], origins: [] } });
      for (const checked of publicPages) {
        test(`${checked.name} has no serious or critical axe violation`, async ({ page }) => {
          test.slow(checked.long === true, "many screens long");
          await page.goto(checked.path);
          await checked.loaded(page);
          await expectNoSeriousViolations(page, `${checked.name}-${viewport.width}`);
        });
      }
    });

    for (const checked of consolePages) {
      test(`${checked.name} has no serious or critical axe violation`, async ({
        page,
        seededConsole,
      }) => {
        await page.goto(checked.path(seededConsole));
        await checked.loaded(page, seededConsole);
        await expectSettled(page);
        await expectNoSeriousViolations(page, `${checked.name}-${viewport.width}`);
      });
    }
  });
}
