import { expect, test } from "@playwright/test";
import { KeyDetailPage } from "./pages/key-detail-page";
import { KeysPage } from "./pages/keys-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { callApi } from "./support/api";
import { saveScreenshot } from "./support/screenshots";

test("a key's page: expiry chosen at creation, scopes, usage, recent requests, rename", async ({
  page,
  request,
}) => {
  await new SignUpPage(page).signUp(newAccount("KeyDetail"));
  const keys = new KeysPage(page);
  await keys.goto("sandbox");
  await keys.fillCreate({
    name: "Reporting",
    scopes: ["agent.read", "receipt.read", "receipt.list"],
    expiry: "In 30 days",
  });
  const secret = await keys.submitCreate();
  await keys.closeDialog();
  await expect(keys.rows("Reporting")).toContainText("Expires next month");

  expect((await callApi(request, { path: "/sandbox/v1/agents", key: secret })).status).toBe(200);
  expect(
    (await callApi(request, { path: "/sandbox/v1/receipts/rcpt-x", key: secret })).status,
  ).toBe(404);
  // agent.register is not among its scopes.
  const refused = await callApi(request, {
    method: "POST",
    path: "/sandbox/v1/agents",
    key: secret,
    body: { name: "Nope" },
  });
  expect(refused.status).toBe(403);

  await keys.rows("Reporting").getByRole("link", { name: "Reporting" }).click();
  const detail = new KeyDetailPage(page);
  await detail.expectOpen("Reporting");
  await expect(detail.scopes()).toHaveText(["agent.read", "receipt.read", "receipt.list"]);
  await expect(detail.detail("Expires")).toContainText("next month");
  await expect(async () => {
    await page.reload();
    await expect(detail.today()).toHaveAttribute("data-total", "3", { timeout: 1_000 });
    await expect(detail.recentRequests()).toHaveCount(3, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(detail.recentRequests().filter({ hasText: "403" })).toContainText("POST");
  await saveScreenshot(page, "key-detail");

  await detail.rename("Reporting (finance)");
  await detail.expectOpen("Reporting (finance)");
  const keyId = page.url().split("/").at(-1)!;
  const stored = await (await page.request.get(`/api/console/keys/${keyId}`)).json();
  expect(stored.key).toMatchObject({
    name: "Reporting (finance)",
    status: "expiring",
    scopes: ["agent.read", "receipt.read", "receipt.list"],
  });
  const expiresInDays = (Date.parse(stored.key.expiresAt) - Date.now()) / 86_400_000;
  expect(expiresInDays).toBeGreaterThan(29.9);
  expect(expiresInDays).toBeLessThan(30.1);
  // Renaming changes nothing about the secret.
  expect((await callApi(request, { path: "/sandbox/v1/agents", key: secret })).status).toBe(200);
  await page.getByRole("link", { name: "← API keys" }).click();
  await expect(keys.rows("Reporting (finance)")).toHaveCount(1);
});
