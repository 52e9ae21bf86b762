import { expect, type Page } from "@playwright/test";
import { ActionDialog } from "./action-dialog";

export class SettlementPage {
  constructor(readonly page: Page) {}

  async goto(settlementId: string, environment: "sandbox" | "production" = "sandbox") {
    await this.page.goto(`/console/${environment}/settlements/${settlementId}`);
    await expect(this.page.getByRole("heading", { level: 1 })).toBeVisible();
  }

  heading() {
    return this.page.getByRole("heading", { level: 1 });
  }

  /** Opens the Reverse or Dispute confirmation. */
  async open(action: "Reverse" | "Dispute") {
    await this.page.getByRole("button", { name: action, exact: true }).click();
    const dialog = new ActionDialog(this.page, `${action} this settlement?`);
    await expect(dialog.dialog()).toBeVisible();
    return dialog;
  }
}
