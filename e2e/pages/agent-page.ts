import { expect, type Page } from "@playwright/test";
import { ActionDialog } from "./action-dialog";

export class AgentPage {
  constructor(readonly page: Page) {}

  async goto(agentId: string, environment: "sandbox" | "production" = "sandbox") {
    await this.page.goto(`/console/${environment}/agents/${agentId}`);
    await expect(this.page.getByRole("button", { name: "Edit", exact: true })).toBeVisible();
  }

  heading() {
    return this.page.getByRole("heading", { level: 1 });
  }

  balances() {
    return this.page.getByTestId("balances");
  }

  ledgerEntries() {
    return this.page.getByTestId("ledger-entry");
  }

  /** Opens an action's confirmation: Edit, Suspend, Resume, Delete or Add test money. */
  async open(action: "Edit" | "Suspend" | "Resume" | "Delete" | "Add test money", title: string) {
    await this.page.getByRole("button", { name: action, exact: true }).click();
    const dialog = new ActionDialog(this.page, title);
    await expect(dialog.dialog()).toBeVisible();
    return dialog;
  }
}
