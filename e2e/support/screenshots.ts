import type { Page } from "@playwright/test";

/** Saves a full-page screenshot of a main page as a test artifact. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e-artifacts/screenshots/${name}.png`, fullPage: true });
}
