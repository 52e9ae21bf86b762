import { expect, type Locator, type Page } from "@playwright/test";

export class RequestLogsPage {
  constructor(readonly page: Page) {}

  async goto(environment: "sandbox" | "production" = "sandbox", query = "") {
    await this.page.goto(`/console/${environment}/logs${query}`);
    await expect(this.page.getByRole("heading", { name: "Request logs", level: 1 })).toBeVisible();
  }

  rows(): Locator {
    return this.page.getByTestId("request-log-row");
  }

  row(requestId: string): Locator {
    return this.page.locator(`tr[data-request-id="${requestId}"]`);
  }

  /** Reloads until the buffered entries have been written and `count` rows show. */
  async waitForRows(count: number) {
    await expect(async () => {
      await this.page.reload();
      await expect(this.rows()).toHaveCount(count, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  }

  filters(): Locator {
    return this.page.getByRole("form", { name: "Filters" });
  }

  async searchRequestId(requestId: string) {
    await this.filters().getByLabel("Request ID").fill(requestId);
  }

  async filterStatus(status: string) {
    await this.filters().getByLabel("Status").selectOption(status);
  }

  async filterKey(name: string) {
    await this.filters().getByLabel("Key").selectOption({ label: name });
  }
}
