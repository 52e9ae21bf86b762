import { expect, type Page } from "@playwright/test";

export class OverviewPage {
  constructor(readonly page: Page) {}

  async goto(environment: "sandbox" | "production" = "sandbox") {
    await this.page.goto(`/console/${environment}`);
    await expect(this.page.getByText(`Your ${environment} workspace at a glance.`)).toBeVisible();
  }

  step(name: "key" | "agents" | "settlement" | "verification" | "webhook") {
    return this.page.getByTestId(`step-${name}`);
  }

  stat(label: "Settled volume" | "Success rate" | "Rate-limited requests") {
    return this.page.getByTestId(`stat-${label}`);
  }

  async choosePeriod(label: string) {
    await this.page.getByLabel("Period").selectOption({ label });
  }
}
