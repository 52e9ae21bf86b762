import { expect, type Page } from "@playwright/test";
import type { TAccount } from "../support/accounts";

export class SignUpPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto("/sign-up");
    await expect(this.page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  }

  async fill(account: TAccount) {
    await this.page.getByLabel("Your name").fill(account.name);
    await this.page.getByLabel("Work email").fill(account.email);
    await this.page.getByLabel("Password").fill(account.password);
    await this.page.getByLabel("Organization").fill(account.organization);
  }

  /** Signs up and waits for the console's sandbox overview. */
  async signUp(account: TAccount) {
    await this.goto();
    await this.fill(account);
    await this.page.getByRole("button", { name: "Create account" }).click();
    await this.page.waitForURL("**/console/sandbox");
    await expect(this.page.getByTestId("organization-name")).toHaveText(account.organization);
  }
}
