import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { KeysPage } from "./pages/keys-page";
import { SignUpPage } from "./pages/sign-up-page";
import { TeamPage } from "./pages/team-page";
import { WebhooksPage } from "./pages/webhooks-page";
import { newAccount } from "./support/accounts";
import { verifyEmailFromMail } from "./support/mailbox";
import { saveScreenshot } from "./support/screenshots";

test("an owner invites a viewer, who joins through the link and can read but not change", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two accounts, two browser contexts and a dozen pages: near the default minute on a busy host.
  test.setTimeout(120_000);
  const owner = newAccount("Owner");
  const invitee = newAccount("Viewer");
  await new SignUpPage(page).signUp(owner);
  // Invitations are mailed: the owner's own email is verified first.
  await verifyEmailFromMail(page, owner.email);
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
  // A role changes after a confirmation that says what it means; Cancel changes nothing.
  await page.getByLabel(`Role of ${invitee.email}`).selectOption("owner");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByLabel(`Role of ${invitee.email}`)).toHaveValue("viewer");
  await page.getByLabel(`Role of ${invitee.email}`).selectOption("developer");
  const confirm = page.getByRole("dialog", { name: `Make ${invitee.email} a developer?` });
  await expect(confirm).toContainText("Now viewer: reads everything, changes nothing.");
  await confirm.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByLabel(`Role of ${invitee.email}`)).toHaveValue("developer");
  // The last owner cannot step down: the refusal is shown and the role stays.
  await page.getByLabel(`Role of ${owner.email}`).selectOption("viewer");
  await page.getByRole("dialog").getByRole("button", { name: "Change role" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "last owner" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByLabel(`Role of ${owner.email}`)).toHaveValue("owner");

  await team.gotoAuditLog();
  const rows = team.auditRows();
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0)).toContainText("member.role_change");
  await expect(rows.nth(1)).toContainText("invitation.accept");
  await expect(rows.nth(1)).toContainText(invitee.email);
  await expect(rows.nth(2)).toContainText("invitation.create");
  await expect(rows.nth(2)).toContainText(owner.email);
  await expect(rows.nth(3)).toContainText("keys.create");
  await expect(rows.nth(3)).toContainText("sandbox");
  await expect(rows.nth(4)).toContainText("account.email_verified");
  await saveScreenshot(page, "audit-log");
  // Filtered to one action family, by whom, and exported as CSV with the same filters.
  const auditFilters = page.getByRole("form", { name: "Filters" });
  await auditFilters.getByLabel("Action").fill("invitation");
  await expect(rows).toHaveCount(2);
  await auditFilters.getByLabel("Actor").fill(invitee.email.slice(0, 8).toUpperCase());
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("invitation.accept");
  await auditFilters.getByLabel("Environment").selectOption("sandbox");
  await expect(page.getByTestId("empty-state")).toContainText("No entries match these filters");
  await auditFilters.getByLabel("Environment").selectOption("");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8").split("\r\n");
  expect(csv[0]).toBe("time,actor_email,actor_role,action,target_id,environment,request_id,id");
  expect(csv.slice(1, -1)).toHaveLength(1);
  expect(csv[1]).toContain(`,${invitee.email},`);
  expect(csv[1]).toContain(",invitation.accept,");

  // Removing a member asks first, then the member is gone.
  await team.goto();
  await team.memberRow(invitee.email).getByRole("button", { name: "Remove" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(team.memberRow(invitee.email)).toHaveCount(0);
});
