import { expect, type Locator, type Page } from "@playwright/test";

export type TOverlap = "Now" | "In 1 hour" | "In 24 hours" | "In 7 days";

export class KeysPage {
  constructor(readonly page: Page) {}

  async goto(environment: "sandbox" | "production" = "sandbox") {
    await this.page.goto(`/console/${environment}/keys`);
    await expect(this.page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  }

  emptyState() {
    return this.page.getByTestId("empty-state");
  }

  /** The table rows of keys with this name, newest first. */
  rows(name: string): Locator {
    return this.page.getByRole("row").filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async keyId(row: Locator): Promise<string> {
    return (await row.getAttribute("data-key-id"))!;
  }

  /** Creates a key and returns its secret, read from the one-time reveal. */
  async create(options: Parameters<KeysPage["fillCreate"]>[0]): Promise<string> {
    await this.fillCreate(options);
    return this.submitCreate();
  }

  /** Opens the create dialog and fills it in, leaving it open. */
  async fillCreate({
    name,
    environment = "Sandbox",
    scopes = "all",
    expiry,
  }: {
    name: string;
    environment?: "Sandbox" | "Production";
    scopes?: "all" | string[];
    /** An option of the Expires select ("In 30 days"); the default is never. */
    expiry?: string;
  }) {
    await this.page.getByRole("button", { name: "Create key" }).first().click();
    const dialog = this.page.getByRole("dialog", { name: "Create API key" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("radio", { name: new RegExp(`^${environment}`) }).check();
    if (expiry) await dialog.getByLabel("Expires").selectOption({ label: expiry });
    if (scopes === "all") {
      await dialog.getByRole("button", { name: "Select all" }).click();
    } else {
      for (const scope of scopes) await dialog.getByRole("checkbox", { name: scope }).check();
    }
  }

  async submitCreate(): Promise<string> {
    await this.page
      .getByRole("dialog", { name: "Create API key" })
      .getByRole("button", { name: "Create key" })
      .click();
    return this.readSecret("Your new API key");
  }

  private async readSecret(dialogName: string): Promise<string> {
    const dialog = this.page.getByRole("dialog", { name: dialogName });
    const secret = (await dialog.getByTestId("secret-value").textContent())!.trim();
    expect(secret).toMatch(/^sk_(test|live)_[0-9A-Za-z]{32}$/);
    return secret;
  }

  async closeDialog() {
    await this.page.getByRole("button", { name: "Done" }).click();
    await expect(this.page.getByRole("dialog")).toHaveCount(0);
  }

  /** Opens the roll dialog of the row and picks the overlap, leaving it open to inspect. */
  async startRoll(row: Locator, overlap: TOverlap) {
    await row.getByRole("button", { name: "Roll" }).click();
    const dialog = this.page.getByRole("dialog", { name: /^Roll/ });
    await dialog.getByRole("radio", { name: overlap }).check();
    return dialog;
  }

  /** Confirms the open roll dialog; returns the new secret and what it says of the old one. */
  async confirmRoll(): Promise<{ secret: string; oldKeyExpiry: string }> {
    await this.page.getByRole("button", { name: "Roll key" }).click();
    const secret = await this.readSecret("Key rolled");
    const oldKeyExpiry = (await this.page.getByTestId("old-key-expiry").textContent())!;
    return { secret, oldKeyExpiry };
  }

  async revoke(row: Locator) {
    await row.getByRole("button", { name: "Revoke" }).click();
    const dialog = this.page.getByRole("dialog", { name: /^Revoke/ });
    await expect(dialog).toContainText("cannot be undone");
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect(this.page.getByRole("dialog")).toHaveCount(0);
  }
}
