import { expect, type Page } from "@playwright/test";

export class WebhooksPage {
  constructor(readonly page: Page) {}

  async goto(environment: "sandbox" | "production" = "sandbox") {
    await this.page.goto(`/console/${environment}/webhooks`);
    await expect(this.page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  }

  dialog() {
    return this.page.getByRole("dialog");
  }

  /** Adds an endpoint through the dialog; returns the signing secret the console generated. */
  async create({
    url,
    events,
    description,
  }: {
    url: string;
    events: string[];
    description?: string;
  }): Promise<string> {
    await this.page.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = this.dialog();
    await dialog.getByLabel("Endpoint URL").fill(url);
    if (description) await dialog.getByLabel("Description").fill(description);
    for (const type of events) await dialog.getByLabel(type, { exact: true }).check();
    const secret = await dialog.getByLabel("Signing secret").inputValue();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await this.page.waitForURL(/\/webhooks\/wh/);
    await expect(this.page.getByRole("button", { name: "Send test event" })).toBeVisible();
    return secret;
  }

  async sendTest() {
    await this.page.getByRole("button", { name: "Send test event" }).click();
    const result = this.page.getByTestId("test-result");
    await expect(result).toBeVisible();
    return result;
  }

  deliveries() {
    return this.page.getByTestId("delivery-row");
  }

  stats() {
    return this.page.getByTestId("webhook-stats");
  }

  async setEnabled(enabled: boolean) {
    await this.page.getByRole("button", { name: enabled ? "Enable" : "Disable" }).click();
    await expect(this.page.getByRole("heading", { level: 1 })).toContainText(
      enabled ? "Enabled" : "Disabled",
    );
  }

  async editUrl(url: string) {
    await this.page.getByRole("button", { name: "Edit" }).click();
    await this.dialog().getByLabel("Endpoint URL").fill(url);
    await this.dialog().getByRole("button", { name: "Save changes" }).click();
    await expect(this.page.getByRole("heading", { level: 1 })).toContainText(url);
  }

  async delete() {
    await this.page.getByRole("button", { name: "Delete", exact: true }).click();
    await this.dialog().getByRole("button", { name: "Delete endpoint" }).click();
    await this.page.waitForURL(/\/webhooks$/);
  }
}
