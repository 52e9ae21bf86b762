import { expect, test } from "@playwright/test";
import { AgentPage } from "./pages/agent-page";
import { KeysPage } from "./pages/keys-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { callApi } from "./support/api";
import { saveScreenshot } from "./support/screenshots";

test("an agent is edited, funded, suspended and deleted from its page; the API sees each change", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await new SignUpPage(page).signUp(newAccount("Agents"));
  const keys = new KeysPage(page);
  await keys.goto();
  const key = await keys.create({ name: "Agent admin" });
  const api = (method: string, path: string, body?: unknown) =>
    callApi(request, { method, path: `/sandbox/v1${path}`, key, body });
  const agent = (await api("POST", "/agents", { name: "Scout", capabilities: ["search"] })).body;
  const partner = (await api("POST", "/agents", { name: "Partner" })).body;

  // Edit: the new name is the page's title and the API's.
  const agentPage = new AgentPage(page);
  await agentPage.goto(agent.id);
  let dialog = await agentPage.open("Edit", "Edit “Scout”");
  await dialog.dialog().getByLabel("Name").fill("Scout v2");
  await dialog.dialog().getByLabel("Description").fill("Finds suppliers");
  await dialog.dialog().getByLabel("Capabilities").fill("search, sourcing");
  await dialog.confirm("Save changes");
  await expect(agentPage.heading()).toContainText("Scout v2");
  await expect(page.getByText("Finds suppliers")).toBeVisible();
  expect((await api("GET", `/agents/${agent.id}`)).body).toMatchObject({
    name: "Scout v2",
    description: "Finds suppliers",
    capabilities: ["search", "sourcing"],
  });

  // A capability the API refuses: the dialog says why and nothing changes.
  dialog = await agentPage.open("Edit", "Edit “Scout v2”");
  await dialog.dialog().getByLabel("Capabilities").fill("search, Not-Allowed!");
  await dialog.confirmRefused("Save changes", "lowercase");
  // Under the field it is about, in words: which capability, and no raw parameter path.
  const capabilities = dialog.dialog().getByLabel("Capabilities");
  await expect(capabilities).toHaveAttribute("aria-invalid", "true");
  await expect(capabilities).toHaveAccessibleDescription(
    "Capability 2: use 1-64 lowercase letters, digits, '.', '_' or '-'",
  );
  await expect(dialog.dialog().getByRole("alert")).toHaveCount(1);
  await expect(dialog.dialog()).not.toContainText("Invalid 'capabilities");
  await dialog.dialog().getByRole("button", { name: "Cancel" }).click();
  expect((await api("GET", `/agents/${agent.id}`)).body.capabilities).toEqual([
    "search",
    "sourcing",
  ]);

  // Sandbox test money: the balance and its ledger entry, as the API's wallet shows them.
  await expect(agentPage.balances()).toContainText("No money yet.");
  dialog = await agentPage.open("Add test money", "Add test money");
  await dialog.dialog().getByLabel("Amount").fill("25.50");
  await dialog.confirm("Add money");
  await expect(agentPage.balances()).toContainText("$25.50");
  await expect(agentPage.ledgerEntries()).toHaveCount(1);
  await expect(agentPage.ledgerEntries().first()).toContainText("Funding");
  const wallet = (await api("GET", `/agents/${agent.id}/wallet`)).body;
  expect(wallet.balances).toEqual([{ currency: "USD", balance: 2550 }]);
  await saveScreenshot(page, "agent-detail-wallet");

  // Suspend, then resume.
  dialog = await agentPage.open("Suspend", "Suspend “Scout v2”?");
  await dialog.confirm("Suspend agent");
  await expect(agentPage.heading()).toContainText("Suspended");
  expect((await api("GET", `/agents/${agent.id}`)).body.status).toBe("suspended");
  dialog = await agentPage.open("Resume", "Resume “Scout v2”?");
  await dialog.confirm("Resume agent");
  expect((await api("GET", `/agents/${agent.id}`)).body.status).toBe("active");

  // An agent in an open negotiation cannot be deleted: the dialog says so.
  const opened = await api("POST", "/negotiations", {
    initiatorAgentId: agent.id,
    responders: [partner.id],
    terms: { amount: { value: 500, currency: "USD" } },
  });
  expect(opened.status).toBe(201);
  dialog = await agentPage.open("Delete", "Delete “Scout v2”?");
  await dialog.confirmRefused("Delete agent", "open negotiation");
  await dialog.dialog().getByRole("button", { name: "Cancel" }).click();
  expect((await api("GET", `/agents/${agent.id}`)).status).toBe(200);

  // Once the negotiation is cancelled, deleting works and lands on the list.
  const cancelled = await api("POST", `/negotiations/${opened.body.id}/respond`, {
    agentId: agent.id,
    action: "cancel",
  });
  expect(cancelled.body.status, JSON.stringify(cancelled.body)).toBe("cancelled");
  dialog = await agentPage.open("Delete", "Delete “Scout v2”?");
  await dialog.dialog().getByRole("button", { name: "Delete agent" }).click();
  await page.waitForURL("**/console/sandbox/agents");
  expect((await api("GET", `/agents/${agent.id}`)).status).toBe(404);
  await expect(page.getByRole("link", { name: "Scout v2", exact: true })).toBeHidden();

  // Production has no test money.
  await page.goto(`/console/production/agents/${partner.id}`);
  await expect(page.getByText("No such agent")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add test money" })).toBeHidden();
});
