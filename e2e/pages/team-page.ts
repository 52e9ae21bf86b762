import { expect, type Page } from "@playwright/test";

export class TeamPage {
  constructor(readonly page: Page) {}

  async goto(environment: "sandbox" | "production" = "sandbox") {
    await this.page.goto(`/console/${environment}/team`);
    await expect(this.page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  }

  inviteButton() {
    return this.page.getByRole("button", { name: "Invite member" });
  }

  /** Invites an email with a role and returns the one-time link the dialog shows. */
  async invite({ email, role }: { email: string; role: "owner" | "developer" | "viewer" }) {
    await this.inviteButton().click();
    const dialog = this.page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Role").selectOption(role);
    await dialog.getByRole("button", { name: "Create invitation link" }).click();
    const url = (await dialog.getByTestId("invitation-url").textContent())!;
    await dialog.getByRole("button", { name: "Done" }).click();
    return url;
  }

  memberRow(email: string) {
    return this.page.getByTestId("member-row").and(this.page.locator(`[data-email="${email}"]`));
  }

  invitationRow(email: string) {
    return this.page
      .getByTestId("invitation-row")
      .and(this.page.locator(`[data-email="${email}"]`));
  }

  async gotoAuditLog(environment: "sandbox" | "production" = "sandbox") {
    await this.page.goto(`/console/${environment}/team/audit`);
    await expect(this.page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  }

  auditRows() {
    return this.page.getByTestId("audit-row");
  }
}
