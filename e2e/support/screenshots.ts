import type { Page } from "@playwright/test";

/** Saves a screenshot of a page, whole unless told otherwise, as a test artifact. */
export async function saveScreenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: `e2e-artifacts/screenshots/${name}.png`, fullPage });
}
