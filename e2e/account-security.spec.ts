import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { mailedLink, verifyEmailFromMail } from "./support/mailbox";
import { saveScreenshot } from "./support/screenshots";

test("a forgotten password is reset from the mailed link; two-factor sign-in is set up and asked for; signing out everywhere ends the session", async ({
  page,
}) => {
  const account = newAccount("Reset");
  await new SignUpPage(page).signUp(account);
  await page.context().clearCookies();

  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  // The sign-in form has an Email field too: fill the reset form's, once it is there.
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Mail me a link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "If an account uses this email, a link to reset its password is on its way.",
  );

  await page.goto(
    await mailedLink(
      account.email,
      "Reset your Agent Settlement Service password",
      "/reset-password",
    ),
  );
  // The token leaves the address bar once the page has it.
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel("New password").fill("a fresh password 42");
  await page.getByRole("button", { name: "Set the password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();

  await page.getByRole("link", { name: "Sign in" }).click();
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("a fresh password 42");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("organization-name")).toHaveText(account.organization);
  // The reset link reached the mailbox: the email counts as verified.
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);

  // Two-factor sign-in: set up on the account page, then asked for at the next sign-in.
  await page.getByRole("link", { name: "Account" }).click();
  await expect(page.getByTestId("email-status")).toContainText(", verified");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expect(page.getByText(/^On since/)).toBeVisible();

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("a fresh password 42");
  await page.getByRole("button", { name: "Sign in" }).click();
  const code = page.getByLabel("Two-factor code");
  await expect(code).toBeFocused();
  // The code of the next time step: the one used to turn it on signs in no more.
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("organization-name")).toHaveText(account.organization);

  // Signing out everywhere ends this session too.
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/console/sandbox");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
});

test("a new account verifies its email from the mailed link; a new link can be asked for", async ({
  page,
}) => {
  const account = newAccount("Verify");
  await new SignUpPage(page).signUp(account);
  const banner = page.getByTestId("verify-email-banner");
  await expect(banner).toContainText(`Open the link we mailed to ${account.email.toLowerCase()}`);
  await banner.getByRole("link", { name: "Mail a new link" }).click();
  await expect(page.getByTestId("email-status")).toContainText("is not verified yet");
  await page.getByRole("button", { name: "Mail me a new link" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "A new link is on its way" }),
  ).toBeVisible();
  await saveScreenshot(page, "account-unverified");

  await verifyEmailFromMail(page, account.email);
  await page.getByRole("link", { name: "Open the console" }).click();
  await expect(page.getByTestId("organization-name")).toHaveText(account.organization);
  await expect(page.getByTestId("verify-email-banner")).toHaveCount(0);
  await page.getByRole("link", { name: "Account" }).click();
  await expect(page.getByTestId("email-status")).toContainText(", verified");
  // Where the account is signed in: this browser, once.
  const sessions = page.getByTestId("session-row");
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText(/Chrome \d+ on Linux/);
  await expect(sessions.first()).toContainText("this session");
  await saveScreenshot(page, "account");
});
