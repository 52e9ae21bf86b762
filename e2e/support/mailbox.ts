import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { mailBody } from "../../tests/support/smtp-sink";

/**
 * The newest mail to `email` whose subject starts with `subject`, in the server's local mailbox
 * (DATA_DIR/mail/: the browser tests' server has no SMTP_URL).
 */
export function newestMailTo(email: string, subject: string): string | undefined {
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
    .filter((mail) => mail.includes(`\nSubject: ${subject}`))
    .at(-1);
}

/** The link of the newest mail to `email` with `subject` whose path is `pathname`. */
export async function mailedLink(email: string, subject: string, pathname: string) {
  let mail: string | undefined;
  await expect.poll(() => (mail = newestMailTo(email, subject)), { timeout: 10_000 }).toBeTruthy();
  const link = mailBody(mail!).match(new RegExp(`(http\\S+${pathname}#\\S+)`))?.[1];
  expect(link).toBeDefined();
  return link!;
}

/** Verifies the account's email with the link mailed at sign-up, as its owner would. */
export async function verifyEmailFromMail(page: Page, email: string) {
  await page.goto(
    await mailedLink(email, "Verify your email for the Agent Settlement Service", "/verify-email"),
  );
  // The token leaves the address bar once the page has it.
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.getByRole("button", { name: "Verify my email" }).click();
  await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
}
