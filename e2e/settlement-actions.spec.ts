import { expect, test } from "@playwright/test";
import { KeysPage } from "./pages/keys-page";
import { SettlementPage } from "./pages/settlement-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { callApi } from "./support/api";
import { saveScreenshot } from "./support/screenshots";
import { runSettlement } from "./support/settlement";

test("a settlement is disputed and reversed from its page, after confirming; the API sees it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await new SignUpPage(page).signUp(newAccount("Reversals"));
  const keys = new KeysPage(page);
  await keys.goto();
  const key = await keys.create({ name: "Settlement runner" });
  const api = (method: string, path: string, body?: unknown) =>
    callApi(request, { method, path: `/sandbox/v1${path}`, key, body });
  const first = await runSettlement(request, key, { value: 40_00 });
  const second = await runSettlement(request, key, { value: 7_25 });

  // Names next to ids, and links between the negotiation, the settlement and the events.
  const settlement = new SettlementPage(page);
  await settlement.goto(first.settlementId);
  await expect(settlement.heading()).toContainText("$40.00");
  await expect(page.getByTestId("agent-link").filter({ hasText: first.payerId })).toContainText(
    "Buyer agent",
  );
  await expect(page.getByRole("link", { name: first.negotiationId })).toBeVisible();
  const [receipt] = (await api("GET", `/receipts?settlementId=${first.settlementId}`)).body.data;
  await expect(page.getByRole("link", { name: receipt.id })).toHaveAttribute(
    "href",
    `/console/sandbox/receipts/${receipt.id}`,
  );
  await expect(page.getByRole("link", { name: "Its events" })).toHaveAttribute(
    "href",
    `/console/sandbox/events?objectId=${first.settlementId}`,
  );

  // Cancelling a dispute changes nothing; a dispute needs a reason.
  let dialog = await settlement.open("Dispute");
  const disputeButton = dialog.dialog().getByRole("button", { name: "Dispute settlement" });
  await expect(disputeButton).toBeDisabled();
  await dialog.dialog().getByRole("button", { name: "Cancel" }).click();
  await expect(dialog.dialog()).toBeHidden();
  expect((await api("GET", `/settlements/${first.settlementId}`)).body.status).toBe("executed");

  // Reverse, confirmed: the page and the API agree.
  dialog = await settlement.open("Reverse");
  await dialog.dialog().getByLabel("Reason (optional)").fill("Ordered twice");
  await saveScreenshot(page, "settlement-reverse-dialog");
  await dialog.confirm("Reverse settlement");
  await expect(settlement.heading()).toContainText("Reversed");
  await expect(page.getByText("Ordered twice")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reverse", exact: true })).toBeHidden();
  const reversed = (await api("GET", `/settlements/${first.settlementId}`)).body;
  expect(reversed).toMatchObject({ status: "reversed", reason: "Ordered twice" });
  expect(reversed.reversedAt).not.toBeNull();

  // The domain's refusal shows in the dialog: the API disputed it while the page still offered it.
  await settlement.goto(second.settlementId);
  dialog = await settlement.open("Reverse");
  const disputed = await api("POST", `/settlements/${second.settlementId}/dispute`, {
    reason: "Never delivered",
  });
  expect(disputed.status).toBe(200);
  await dialog.confirmRefused("Reverse settlement", "only an executed settlement can be reversed");
  await dialog.dialog().getByRole("button", { name: "Cancel" }).click();
  expect((await api("GET", `/settlements/${second.settlementId}`)).body.status).toBe("disputed");

  // The negotiation links to its settlement.
  await page.goto(`/console/sandbox/negotiations/${first.negotiationId}`);
  await page.getByRole("link", { name: new RegExp(first.settlementId) }).click();
  await page.waitForURL(`**/settlements/${first.settlementId}`);
  await expect(settlement.heading()).toContainText("Reversed");
});
