import { expect, type Page } from "@playwright/test";

/** What every console page has: navigation, the environment switch, the account menu. */
export class ConsoleShell {
  constructor(readonly page: Page) {}

  sandboxBanner() {
    return this.page.getByTestId("sandbox-banner");
  }

  async switchEnvironment(environment: "Sandbox" | "Production") {
    await this.page
      .getByRole("navigation", { name: "Environment" })
      .getByRole("link", { name: environment })
      .click();
    await this.page.waitForURL(new RegExp(`/console/${environment.toLowerCase()}(/|$)`));
  }

  async navigate(section: keyof typeof sectionPaths) {
    await this.page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: section })
      .click();
    // Client-side navigation: wait for it to land, or the next step acts on the page left behind.
    await this.page.waitForURL(sectionPaths[section]);
  }

  /** The menu button narrow screens show in place of the sidebar. */
  menuButton() {
    return this.page.getByRole("button", { name: "Open navigation" });
  }

  drawer() {
    return this.page.getByRole("dialog", { name: "Navigation" });
  }

  async openDrawer() {
    await this.menuButton().click();
    await expect(this.drawer()).toBeVisible();
    await expect(this.menuButton()).toHaveAttribute("aria-expanded", "true");
  }

  async signOut() {
    await this.page.getByRole("button", { name: "Sign out", exact: true }).click();
    await this.page.waitForURL("**/sign-in**");
    await expect(this.page.getByRole("heading", { name: "Sign in to the console" })).toBeVisible();
  }
}

const sectionPaths = {
  Overview: /\/console\/(sandbox|production)$/,
  Agents: /\/console\/(sandbox|production)\/agents$/,
  "API keys": /\/console\/(sandbox|production)\/keys$/,
};
