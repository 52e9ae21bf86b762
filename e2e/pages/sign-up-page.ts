import { randomBytes } from "node:crypto";
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

  /**
   * Signs up and waits for the console's sandbox overview. The page then speaks from a client
   * address of its own: sign-ups are limited per address, and a worker runs more specs than one
   * address's budget holds.
   */
  async signUp(account: TAccount) {
    const [high, low] = [randomBytes(2).toString("hex"), randomBytes(2).toString("hex")];
    await this.page.setExtraHTTPHeaders({ "x-forwarded-for": `2001:db8:5::${high}:${low}` });
    await this.goto();
    await this.fill(account);
    await this.page.getByRole("button", { name: "Create account" }).click();
    await this.page.waitForURL("**/console/sandbox");
    await expect(this.page.getByTestId("organization-name")).toHaveText(account.organization);
  }
}
