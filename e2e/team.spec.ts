import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { KeysPage } from "./pages/keys-page";
import { SignUpPage } from "./pages/sign-up-page";
import { TeamPage } from "./pages/team-page";
import { WebhooksPage } from "./pages/webhooks-page";
import { newAccount } from "./support/accounts";
import { saveScreenshot } from "./support/screenshots";

test("an owner invites a viewer, who joins through the link and can read but not change", async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = newAccount("Owner");
  const invitee = newAccount("Viewer");
  await new SignUpPage(page).signUp(owner);
  const keys = new KeysPage(page);
  await keys.goto("sandbox");
  await keys.create({ name: "Owner's key" });
  await keys.closeDialog();

  const team = new TeamPage(page);
  await team.goto();
  await expect(team.memberRow(owner.email)).toContainText("you");
  const url = await team.invite({ email: invitee.email, role: "viewer" });
  expect(url).toMatch(/\/invitations#invite_[0-9A-Za-z]{32}$/);
  const token = url.split("#")[1]!;
  await expect(team.invitationRow(invitee.email)).toContainText("viewer");
  await saveScreenshot(page, "team");

  // The invitee, in a browser of their own, creates an account through the link.
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": `2001:db8::${randomBytes(2).toString("hex")}:1` },
  });
  const viewerPage = await context.newPage();
  // The token stays out of every URL and Referer the browser sends (it travels in a body).
  const sentUrls: string[] = [];
  viewerPage.on("request", (request) => {
    sentUrls.push(request.url(), request.headers().referer ?? "");
  });
  await viewerPage.goto(url);
  await expect(
    viewerPage.getByRole("heading", { name: `Join ${owner.organization}` }),
  ).toBeVisible();
  await saveScreenshot(viewerPage, "invitation");
  await viewerPage.getByLabel("Your name").fill(invitee.name);
  await viewerPage.getByLabel("Password").fill(invitee.password);
  await viewerPage.getByRole("button", { name: "Create account and join" }).click();
  await viewerPage.waitForURL("**/console/sandbox");
  expect(sentUrls.length).toBeGreaterThan(3);
  expect(sentUrls.filter((sent) => sent.includes(token))).toEqual([]);
  await expect(viewerPage.getByTestId("organization-name")).toHaveText(owner.organization);

  // The viewer sees the owner's key, and no button that would change anything.
  const viewerKeys = new KeysPage(viewerPage);
  await viewerKeys.goto("sandbox");
  await expect(viewerKeys.rows("Owner's key")).toBeVisible();
  await expect(viewerPage.getByRole("button", { name: "+ Create key" })).toHaveCount(0);
  await expect(viewerPage.getByRole("button", { name: "Roll" })).toHaveCount(0);
  await expect(viewerPage.getByRole("button", { name: "Revoke" })).toHaveCount(0);
  await new WebhooksPage(viewerPage).goto("sandbox");
  await expect(viewerPage.getByRole("button", { name: "Add endpoint" })).toHaveCount(0);
  const viewerTeam = new TeamPage(viewerPage);
  await viewerTeam.goto();
  await expect(viewerTeam.memberRow(invitee.email)).toContainText("viewer");
  await expect(viewerTeam.inviteButton()).toHaveCount(0);
  await expect(viewerPage.getByRole("button", { name: "Remove" })).toHaveCount(0);

  // The API refuses the viewer's change even when a page is bypassed.
  const refused = await viewerPage.request.post("/api/console/keys", {
    headers: { origin: baseURL! },
    data: { name: "Sneaky", environment: "sandbox", scopes: ["agent.read"] },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toContain("you are a viewer");

  // The link works once.
  await viewerPage.goto(url);
  await expect(viewerPage.getByTestId("invitation-refused")).toContainText("already used");
  await saveScreenshot(viewerPage, "invitation-used");
  await context.close();

  // The owner sees the new member and what happened, newest first.
  await team.goto();
  await expect(team.memberRow(invitee.email)).toContainText(invitee.email);
  await expect(team.invitationRow(invitee.email)).toHaveCount(0);
  await page.getByLabel(`Role of ${invitee.email}`).selectOption("developer");
  await expect(page.getByLabel(`Role of ${invitee.email}`)).toHaveValue("developer");
  // The last owner cannot step down: the refusal is shown and the role stays.
  await page.getByLabel(`Role of ${owner.email}`).selectOption("viewer");
  await expect(page.getByRole("alert").filter({ hasText: "last owner" })).toBeVisible();
  await expect(page.getByLabel(`Role of ${owner.email}`)).toHaveValue("owner");

  await team.gotoAuditLog();
  const rows = team.auditRows();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText("member.role_change");
  await expect(rows.nth(1)).toContainText("invitation.accept");
  await expect(rows.nth(1)).toContainText(invitee.email);
  await expect(rows.nth(2)).toContainText("invitation.create");
  await expect(rows.nth(2)).toContainText(owner.email);
  await expect(rows.nth(3)).toContainText("keys.create");
  await expect(rows.nth(3)).toContainText("sandbox");
  await saveScreenshot(page, "audit-log");

  // Removing a member asks first, then the member is gone.
  await team.goto();
  await team.memberRow(invitee.email).getByRole("button", { name: "Remove" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(team.memberRow(invitee.email)).toHaveCount(0);
});
