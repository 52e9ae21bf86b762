import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { mailBody } from "../tests/support/smtp-sink";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";

/** The newest mail to `email` in the server's local mailbox (DATA_DIR/mail/, no SMTP_URL). */
function newestMailTo(email: string): string | undefined {
  const folder = path.join(process.env.E2E_DATA_DIR!, "mail");
  const names = (() => {
    try {
      return readdirSync(folder).sort();
    } catch {
      return [];
    }
  })();
  return names
    .map((name) => readFileSync(path.join(folder, name), "utf8"))
    .filter((mail) => mail.toLowerCase().includes(`to: ${email.toLowerCase()}`))
    .at(-1);
}

test("a forgotten password is reset from the mailed link; two-factor sign-in is set up and asked for; signing out everywhere ends the session", async ({
  page,
}) => {
  const account = newAccount("Reset");
  await new SignUpPage(page).signUp(account);
  await page.context().clearCookies();

  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Mail me a link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "If an account uses this email, a link to reset its password is on its way.",
  );

  let mail: string | undefined;
  await expect.poll(() => (mail = newestMailTo(account.email)), { timeout: 10_000 }).toBeTruthy();
  const link = mailBody(mail!).match(/(http\S+\/reset-password#\S+)/)?.[1];
  expect(link).toBeDefined();
  await page.goto(link!);
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

  // Two-factor sign-in: set up on the account page, then asked for at the next sign-in.
  await page.getByRole("link", { name: "Account" }).click();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expect(page.getByText(/^On since/)).toBeVisible();

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
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
