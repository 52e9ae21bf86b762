import { expect, type Page } from "@playwright/test";

export class SignInPage {
  constructor(readonly page: Page) {}

  async goto(callbackUrl?: string) {
    await this.page.goto(
      callbackUrl ? `/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/sign-in",
    );
    await expect(this.page.getByRole("heading", { name: "Sign in to the console" })).toBeVisible();
  }

  async submit({ email, password }: { email: string; password: string }) {
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Password").fill(password);
    await this.page.getByRole("button", { name: "Sign in" }).click();
  }

  error() {
    return this.page.getByRole("main").getByRole("alert");
  }
}
