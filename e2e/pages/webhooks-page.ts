import { expect, type Locator, type Page } from "@playwright/test";

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
    // A new endpoint starts subscribed to all events; naming some narrows it to those.
    const all = dialog.getByLabel("All events, including types added later");
    await expect(all).toBeChecked();
    if (events.length > 0) await all.uncheck();
    for (const type of events) await dialog.getByLabel(type, { exact: true }).check();
    const secret = await dialog.getByLabel("Signing secret").inputValue();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await this.page.waitForURL(/\/webhooks\/wh/);
    await expect(this.page.getByRole("button", { name: "Send test event" })).toBeVisible();
    return secret;
  }

  async sendTest(eventType?: string) {
    if (eventType) await this.page.getByLabel("Test event type").selectOption(eventType);
    await this.page.getByRole("button", { name: "Send test event" }).click();
    const result = this.page.getByTestId("test-result");
    await expect(result).toBeVisible();
    return result;
  }

  deliveries() {
    return this.page.getByTestId("delivery-row");
  }

  /** Opens a delivery's attempts; returns its attempt rows, newest first. */
  async openAttempts(delivery: Locator) {
    await delivery.getByRole("button", { name: "Attempts" }).click();
    return this.page.getByTestId("attempt-row");
  }

  async filterDeliveries({ status, eventType }: { status?: string; eventType?: string }) {
    if (status !== undefined) await this.page.getByLabel(/^Status/).selectOption(status);
    if (eventType !== undefined) await this.page.getByLabel(/^Event type/).selectOption(eventType);
  }

  signingSecret() {
    return this.page.getByTestId("signing-secret");
  }

  /** Opens "Retry failed…", waits for the count, confirms; returns the dialog. */
  async retryFailed(expectedCount: number) {
    await this.page.getByRole("button", { name: "Retry failed…" }).click();
    const dialog = this.dialog();
    const noun = expectedCount === 1 ? "delivery" : "deliveries";
    await expect(dialog.getByTestId("failed-count")).toHaveText(
      `${expectedCount} failed ${noun} since then.`,
    );
    await dialog.getByRole("button", { name: `Retry ${expectedCount} failed ${noun}` }).click();
    await expect(dialog.getByTestId("failed-count")).toContainText(
      `${expectedCount} failed ${noun} queued again.`,
    );
    return dialog;
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
