import { expect, type Page } from "@playwright/test";

export class AgentsPage {
  constructor(readonly page: Page) {}

  async goto(environment: "sandbox" | "production" = "sandbox") {
    await this.page.goto(`/console/${environment}/agents`);
    await expect(this.page.getByRole("heading", { name: "Agents", level: 1 })).toBeVisible();
  }

  emptyState() {
    return this.page.getByTestId("empty-state");
  }

  agentLink(name: string) {
    return this.page.getByRole("link", { name, exact: true });
  }

  async open(name: string) {
    await this.agentLink(name).click();
    await expect(this.page.getByRole("heading", { name, level: 1 })).toBeVisible();
  }
}
