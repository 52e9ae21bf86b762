import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { ConsoleShell } from "./pages/console-shell";
import { SignInPage } from "./pages/sign-in-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { saveScreenshot } from "./support/screenshots";

test("sign up, sign out, and sign in again to the page asked for", async ({ page }) => {
  const account = newAccount("Auth");
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await saveScreenshot(page, "sign-up");
  await signUp.signUp(account);

  // The same email cannot sign up twice.
  const again = await page.context().browser()!.newPage();
  const duplicate = new SignUpPage(again);
  await duplicate.goto();
  await duplicate.fill(account);
  await again.getByRole("button", { name: "Create account" }).click();
  await expect(again.getByText("already exists")).toBeVisible();
  await again.close();

  await new ConsoleShell(page).signOut();
  const signIn = new SignInPage(page);
  await signIn.goto("/console/sandbox/agents");
  await saveScreenshot(page, "sign-in");
  await signIn.submit({ email: account.email, password: "not the password" });
  await expect(signIn.error()).toContainText("not correct");

  await signIn.submit({ email: account.email.toUpperCase(), password: account.password });
  await page.waitForURL("**/console/sandbox/agents");
  await expect(page.getByRole("heading", { name: "Agents", level: 1 })).toBeVisible();
});

test("a deep link opened signed out lands on that page, with its query, after signing in", async ({
  page,
}) => {
  const account = newAccount("Deeplink");
  await new SignUpPage(page).signUp(account);
  await new ConsoleShell(page).signOut();
  const deepLink = "/console/sandbox/keys?environment=sandbox";
  await page.goto(deepLink);
  await page.waitForURL("**/sign-in?callbackUrl=**");
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(deepLink);
  await new SignInPage(page).submit({ email: account.email, password: account.password });
  await page.waitForURL(`**${deepLink}`);
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
});

test.describe("after repeated failures", () => {
  // A client address of its own, so this spec's failures spend no other spec's budget.
  test.use({
    extraHTTPHeaders: { "x-forwarded-for": `2001:db8::${randomBytes(3).toString("hex")}` },
  });

  test("the sign-in form says the account is locked from here", async ({ page }) => {
    const account = newAccount("Locked");
    await new SignUpPage(page).goto();
    await new SignUpPage(page).signUp(account);
    await new ConsoleShell(page).signOut();
    const signIn = new SignInPage(page);
    await signIn.goto();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await signIn.submit({ email: account.email, password: `wrong guess ${attempt}` });
      await expect(signIn.error()).toContainText("not correct");
    }
    await signIn.submit(account);
    await expect(signIn.error()).toContainText("Too many failed sign-ins to this account");
    await saveScreenshot(page, "sign-in-locked");
  });
});
