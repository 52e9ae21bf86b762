import { execSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { verifyReceiptBundle } from "@agent-settlement/sdk";
import { expect, test } from "@playwright/test";
import { KeysPage } from "./pages/keys-page";
import { ReceiptsPage } from "./pages/receipts-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { saveScreenshot } from "./support/screenshots";
import { runSettlement } from "./support/settlement";

test("a settlement run through the API has its receipt in the console, verified there", async ({
  page,
  request,
}) => {
  await new SignUpPage(page).signUp(newAccount("Receipts"));
  const receipts = new ReceiptsPage(page);
  await receipts.goto();
  await expect(page.getByTestId("empty-state")).toContainText("No sandbox receipts yet");

  const keys = new KeysPage(page);
  await keys.goto();
  const key = await keys.create({ name: "Settlement runner" });
  const deal = await runSettlement(request, key, { value: 12_50, currency: "USD" });

  // The list, filtered to this settlement, shows its receipt once sealed in the attest log.
  await receipts.goto();
  await receipts.filterBySettlement(deal.settlementId);
  await expect(async () => {
    await page.reload();
    await receipts.filterBySettlement(deal.settlementId);
    await expect(receipts.rows()).toHaveCount(1, { timeout: 1_000 });
    await expect(receipts.rows().first()).toContainText("Valid", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(receipts.rows().first()).toContainText("$12.50");
  await receipts.filterBySettlement("stl-none-such");
  await expect(page.getByTestId("empty-state")).toContainText("No receipts match these filters");
  await receipts.filterBySettlement(deal.settlementId);
  await receipts.filterByStatus("Valid");
  await expect(receipts.rows()).toHaveCount(1);
  await saveScreenshot(page, "receipts");

  // The detail page: parties, amounts, adapter, external reference, attestation, evidence.
  await receipts.openFirst();
  await expect(receipts.parties()).toHaveCount(2);
  await expect(receipts.parties().filter({ hasText: deal.payerId })).toContainText("Pays");
  await expect(receipts.parties().filter({ hasText: deal.payeeId })).toContainText("$12.50");
  await expect(page.getByText("sandbox", { exact: true })).toBeVisible();
  await expect(page.getByText(deal.externalRef)).toBeVisible();
  await expect(page.getByTestId("attest-hash")).toHaveText(/^0x[0-9a-f]{64}$/);
  expect(await receipts.evidence().count()).toBeGreaterThan(0);

  const checks = await receipts.verify();
  const names = await checks.allInnerTexts();
  expect(names.join("\n")).toContain("Evidence chain links and hashes");
  expect(names.join("\n")).toContain("Tree head signature");
  for (const check of await checks.all()) await expect(check).toHaveAttribute("data-ok", "true");

  // Offline: the downloaded bundle, checked as the page says, against the public JWKS alone.
  const receiptId = page.url().split("/").at(-1)!;
  const { fileName, document } = await receipts.downloadBundle();
  expect(fileName).toBe(`${receiptId}.json`);
  const origin = new URL(page.url()).origin;
  const command = `npx --yes --package ${origin}/sdk/agent-settlement-sdk.tgz agent-settlement verify-receipt ${receiptId}.json --jwks ${origin}/.well-known/jwks.json`;
  await expect(page.getByTestId("verify-command")).toHaveText(command);
  const jwks: unknown = await (await request.get("/.well-known/jwks.json")).json();
  expect((await verifyReceiptBundle(document, jwks)).status).toBe("valid");
  // The command as a reader copies it, beside the downloaded file: the SDK package comes from
  // this server, and the receipt verifies.
  const folder = mkdtempSync(path.join(tmpdir(), "verify-command-"));
  writeFileSync(path.join(folder, fileName), JSON.stringify(document));
  const printed = execSync(command, {
    cwd: folder,
    env: { ...process.env, npm_config_prefer_offline: "true" },
  });
  expect(printed.toString()).toContain(`receipt ${receiptId} is valid`);
  await saveScreenshot(page, "receipt-detail");

  // The settlement and negotiation behind it, read-only.
  await page.goto(`/console/sandbox/settlements/${deal.settlementId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Executed");
  await expect(page.getByText(deal.externalRef)).toBeVisible();
  await saveScreenshot(page, "settlement-detail");
  await page.goto("/console/sandbox/settlements");
  await expect(page.getByRole("link", { name: deal.settlementId })).toBeVisible();
  await saveScreenshot(page, "settlements");
  await page.goto(`/console/sandbox/negotiations/${deal.negotiationId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Accepted");
  await expect(page.getByRole("cell", { name: "accept" })).toBeVisible();
  await saveScreenshot(page, "negotiation-detail");
  await page.goto("/console/sandbox/negotiations");
  await expect(page.getByRole("link", { name: deal.negotiationId })).toBeVisible();
  await saveScreenshot(page, "negotiations");

  // Usage: the API requests above were counted, and the executed volume is charted.
  await page.goto("/console/sandbox/usage");
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("total-requests")).not.toContainText(/Requests\s*0$/, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("total-volume")).toContainText("$12.50");
  await saveScreenshot(page, "usage");
});
