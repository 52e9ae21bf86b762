import { expect, type Locator, type Page } from "@playwright/test";

export class KeyDetailPage {
  constructor(readonly page: Page) {}

  async expectOpen(name: string) {
    await expect(this.page.getByRole("heading", { level: 1 })).toContainText(name);
  }

  scopes(): Locator {
    return this.page.getByRole("list", { name: "Scopes" }).getByRole("listitem");
  }

  detail(label: string): Locator {
    return this.page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");
  }

  /** Today's bar of the usage chart: its `data-total` is the day's logged requests. */
  today(): Locator {
    const day = new Date().toISOString().slice(0, 10);
    return this.page.locator(`[data-testid="chart-day"][data-day="${day}"]`);
  }

  recentRequests(): Locator {
    return this.page.getByTestId("request-log-row");
  }

  async rename(name: string) {
    await this.page.getByRole("button", { name: "Rename" }).click();
    const dialog = this.page.getByRole("dialog", { name: "Rename key" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(this.page.getByRole("dialog")).toHaveCount(0);
  }
}
