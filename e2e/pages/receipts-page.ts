import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";

export class ReceiptsPage {
  constructor(readonly page: Page) {}

  async goto(environment: "sandbox" | "production" = "sandbox") {
    await this.page.goto(`/console/${environment}/receipts`);
    await expect(this.page.getByRole("heading", { name: "Receipts", level: 1 })).toBeVisible();
  }

  rows() {
    return this.page.getByTestId("receipt-row");
  }

  async filterBySettlement(settlementId: string) {
    await this.page.getByLabel("Settlement").fill(settlementId);
  }

  async filterByStatus(status: "Any" | "Pending" | "Valid" | "Invalid") {
    await this.page.getByLabel("Status").selectOption({ label: status });
  }

  /** Opens the first listed receipt and waits for its detail page. */
  async openFirst() {
    await this.rows().first().getByRole("link").first().click();
    await expect(this.page.getByRole("heading", { name: "Evidence chain" })).toBeVisible();
  }

  evidence() {
    return this.page.getByTestId("evidence");
  }

  parties() {
    return this.page.getByTestId("party");
  }

  /** Presses Verify and returns the checks once they are shown. */
  async verify() {
    await this.page.getByRole("button", { name: "Verify", exact: true }).click();
    const checks = this.page.getByTestId("check");
    await expect(checks.first()).toBeVisible();
    return checks;
  }

  /** Presses "Download bundle": the saved file's name and its JSON. */
  async downloadBundle() {
    const [download] = await Promise.all([
      this.page.waitForEvent("download"),
      this.page.getByRole("button", { name: "Download bundle" }).click(),
    ]);
    const document: unknown = JSON.parse(await readFile(await download.path(), "utf8"));
    return { fileName: download.suggestedFilename(), document };
  }
}
