import { expect, test } from "@playwright/test";
import { AgentsPage } from "./pages/agents-page";
import { ConsoleShell } from "./pages/console-shell";
import { KeysPage } from "./pages/keys-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { callApi } from "./support/api";
import { saveScreenshot } from "./support/screenshots";

test("sign up, create a sandbox key, use it, roll it, revoke it", async ({ page, request }) => {
  const shell = new ConsoleShell(page);
  const keys = new KeysPage(page);

  await new SignUpPage(page).signUp(newAccount("Keys"));
  await expect(shell.sandboxBanner()).toBeVisible();
  await saveScreenshot(page, "overview");

  await keys.goto("sandbox");
  await expect(keys.emptyState()).toContainText("No sandbox keys yet");
  await saveScreenshot(page, "keys-empty");

  await keys.fillCreate({ name: "Billing agent" });
  await saveScreenshot(page, "key-create");
  const first = await keys.submitCreate();
  expect(first).toMatch(/^sk_test_/);
  await saveScreenshot(page, "key-created");
  await keys.closeDialog();
  const firstRow = keys.rows("Billing agent");
  await expect(firstRow).toContainText(`${first.slice(0, 12)}…${first.slice(-4)}`);
  await expect(firstRow).toContainText("All scopes");

  // The key works against the sandbox API, and only there.
  const created = await callApi(request, {
    method: "POST",
    path: "/sandbox/v1/agents",
    key: first,
    body: { name: "Translator", capabilities: ["translation", "legal"] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const listed = await callApi(request, { path: "/sandbox/v1/agents", key: first });
  expect(listed.status).toBe(200);
  expect(listed.body.data.map((agent: { id: string }) => agent.id)).toEqual([created.body.id]);
  expect((await callApi(request, { path: "/v1/agents", key: first })).status).toBe(401);

  // Its first use is recorded and shown.
  await expect(async () => {
    await page.reload();
    await expect(firstRow.getByRole("cell").nth(4)).not.toHaveText("Never", { timeout: 500 });
  }).toPass({ timeout: 10_000 });

  // Roll with a one-hour overlap: the expiry is shown before and after, the old secret still works.
  const rollDialog = await keys.startRoll(firstRow, "In 1 hour");
  await expect(rollDialog.getByTestId("expiry-preview")).toContainText("in 1 hour");
  await saveScreenshot(page, "key-roll");
  const second = await keys.confirmRoll();
  expect(second.oldKeyExpiry).toContain("in 1 hour");
  await keys.closeDialog();
  expect((await callApi(request, { path: "/sandbox/v1/agents", key: first })).status).toBe(200);
  expect((await callApi(request, { path: "/sandbox/v1/agents", key: second.secret })).status).toBe(
    200,
  );
  await expect(keys.rows("Billing agent")).toHaveCount(2);
  await expect(page.locator('tr[data-status="expiring"]')).toContainText("Expires in 1 hour");

  // Roll the new key with no overlap: its secret stops working at once.
  const activeRow = page.locator('tr[data-status="active"]');
  await keys.startRoll(activeRow, "Now");
  const third = await keys.confirmRoll();
  expect(third.oldKeyExpiry).toContain("immediately");
  await keys.closeDialog();
  await expect
    .poll(
      async () =>
        (await callApi(request, { path: "/sandbox/v1/agents", key: second.secret })).status,
    )
    .toBe(401);
  const refused = await callApi(request, { path: "/sandbox/v1/agents", key: second.secret });
  expect(refused.body.error.message).toContain("expired");
  expect((await callApi(request, { path: "/sandbox/v1/agents", key: third.secret })).status).toBe(
    200,
  );
  await expect(page.locator('tr[data-status="expired"]')).toHaveCount(1);
  await saveScreenshot(page, "keys-list");

  // The request log's key filter tells the three "Billing agent" keys apart by their last four.
  await page.goto("/console/sandbox/logs");
  const keyOptions = page
    .getByRole("form", { name: "Filters" })
    .getByLabel("Key")
    .locator("option");
  await expect(keyOptions.filter({ hasText: "Billing agent" })).toHaveCount(3);
  const labels = await keyOptions.allTextContents();
  for (const secret of [first, second.secret, third.secret])
    expect(labels).toContain(`Billing agent · …${secret.slice(-4)}`);
  await page.goBack();

  // Revoke the current key after confirming.
  await keys.revoke(page.locator('tr[data-status="active"]'));
  await expect(page.locator('tr[data-status="revoked"]')).toContainText("Revoked");
  await expect
    .poll(
      async () =>
        (await callApi(request, { path: "/sandbox/v1/agents", key: third.secret })).status,
    )
    .toBe(401);

  // The agent the key registered is in the console, read-only.
  const agents = new AgentsPage(page);
  await shell.navigate("Agents");
  await expect(agents.agentLink("Translator")).toBeVisible();
  await saveScreenshot(page, "agents");
  await agents.open("Translator");
  await expect(page.getByText(created.body.id).first()).toBeVisible();
  await expect(page.getByText("legal", { exact: true })).toBeVisible();
  await saveScreenshot(page, "agent-detail");

  // Production is a separate world, and the sandbox banner is gone there.
  await shell.navigate("API keys");
  await shell.switchEnvironment("Production");
  await expect(shell.sandboxBanner()).toHaveCount(0);
  await expect(keys.emptyState()).toContainText("No production keys yet");
  await saveScreenshot(page, "keys-production");
});
