import { expect, test } from "@playwright/test";
import { KeysPage } from "./pages/keys-page";
import { SignUpPage } from "./pages/sign-up-page";
import { WebhooksPage } from "./pages/webhooks-page";
import { newAccount } from "./support/accounts";
import { callApi } from "./support/api";
import { startReceiver } from "./support/receiver";
import { saveScreenshot } from "./support/screenshots";

test("attempt history, filters, a chosen test event, the secret on demand and retrying every failed delivery", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const receiver = await startReceiver();
  try {
    await new SignUpPage(page).signUp(newAccount("Attempts"));
    const keys = new KeysPage(page);
    await keys.goto();
    const key = await keys.create({ name: "Event source" });
    const api = (method: string, path: string, body?: unknown) =>
      callApi(request, { method, path: `/sandbox/v1${path}`, key, body });
    const registerAgent = async (name: string) => {
      const created = await api("POST", "/agents", { name });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    const about = (agentId: string) =>
      receiver.received.filter((hook) => JSON.parse(hook.body).data.object.id === agentId);

    const webhooks = new WebhooksPage(page);
    await webhooks.goto();
    const secret = await webhooks.create({
      url: receiver.url,
      events: ["agent.registered", "agent.updated"],
    });
    receiver.expectSecret(secret);
    const webhookId = page.url().split("/").at(-1)!;

    // The signing secret is hidden until revealed, and then it is the one the receiver checks.
    await expect(webhooks.signingSecret()).not.toContainText("whsec_");
    await page.getByRole("button", { name: "Reveal" }).click();
    await expect(webhooks.signingSecret()).toHaveText(secret);
    await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
    await page.getByRole("button", { name: "Hide" }).click();
    await expect(webhooks.signingSecret()).not.toContainText("whsec_");

    // A test event of a chosen type: a realistic, signed agent.updated marked as a test.
    const result = await webhooks.sendTest("agent.updated");
    await expect(result).toContainText("Test agent.updated event delivered");
    await expect(result).toContainText("Valid");
    const sample = receiver.received.at(-1)!;
    expect(sample).toMatchObject({ type: "agent.updated", signed: true });
    expect(JSON.parse(sample.body).data.object).toMatchObject({
      name: expect.any(String),
      capabilities: expect.any(Array),
      test: true,
    });
    // The test is in the delivery log, told apart from the events' deliveries.
    await expect(webhooks.deliveries()).toHaveCount(1);
    await expect(webhooks.deliveries().first()).toContainText("test event");

    // A delivery that fails once, then succeeds: both attempts, with what went and came back.
    receiver.answer(500, "receiver exploded");
    const agentId = await registerAgent("Ledger sync");
    await expect.poll(() => about(agentId).length, { timeout: 20_000 }).toBeGreaterThan(0);
    receiver.answer(200, "thanks");
    const delivery = webhooks.deliveries().filter({ hasText: "agent.registered" });
    await expect(delivery).toHaveAttribute("data-status", "delivered", { timeout: 20_000 });
    const attempts = await webhooks.openAttempts(delivery);
    const sent = about(agentId);
    await expect(attempts).toHaveCount(sent.length);
    await expect(attempts.first()).toHaveAttribute("data-status", "succeeded");
    await expect(attempts.last()).toHaveAttribute("data-status", "failed");
    const first = attempts.last();
    await first.locator("summary").click();
    await expect(first.getByTestId("attempt-error")).toHaveText("receiver answered 500");
    const requestHeaders = first.getByRole("table", { name: "Request headers" });
    await expect(requestHeaders.getByRole("row", { name: /webhook-signature/ })).toContainText(
      /v1,[A-Za-z0-9+/=]{44}/,
    );
    await expect(requestHeaders.getByRole("row", { name: /webhook-id/ })).toContainText(
      JSON.parse(sent[0]!.body).id,
    );
    await expect(first.getByTestId("request-body")).toHaveText(sent[0]!.body);
    await expect(
      first.getByRole("table", { name: "Response headers" }).getByRole("row", {
        name: /content-type/,
      }),
    ).toContainText("text/plain");
    await expect(first.getByTestId("response-body")).toHaveText("receiver exploded");
    await attempts.first().locator("summary").click();
    await expect(attempts.first().getByTestId("response-body")).toHaveText("thanks");
    await saveScreenshot(page, "webhook-attempts");
    const logged = await api("GET", `/webhooks/${webhookId}/deliveries`);
    expect(logged.body.data[0]).toMatchObject({ status: "delivered", attempts: sent.length });

    // Filters: by event type, and by status (nothing failed yet).
    await api("PATCH", `/agents/${agentId}`, { description: "renamed" });
    await expect(webhooks.deliveries()).toHaveCount(3, { timeout: 20_000 });
    await webhooks.filterDeliveries({ eventType: "agent.updated" });
    await expect(webhooks.deliveries()).toHaveCount(2); // the event's, and the test's
    await expect(webhooks.deliveries().first()).toContainText("agent.updated");
    await expect(webhooks.deliveries().first()).not.toContainText("test event");
    await webhooks.filterDeliveries({ eventType: "", status: "failed" });
    await expect(page.getByTestId("empty-state")).toContainText(
      "No deliveries match these filters",
    );

    // Two deliveries fail for good; "Retry failed…" sends each again exactly once.
    receiver.answer(503, "down");
    const failing = [await registerAgent("Auditor"), await registerAgent("Archiver")];
    await expect(webhooks.deliveries()).toHaveCount(2, { timeout: 45_000 });
    const failedCounts = failing.map((id) => about(id).length);
    expect(failedCounts).toEqual([8, 8]);
    receiver.answer(200, "back");
    const dialog = await webhooks.retryFailed(2);
    await saveScreenshot(page, "webhook-retry-failed");
    await dialog.getByRole("button", { name: "Close" }).click();
    await webhooks.filterDeliveries({ status: "" });
    await expect(webhooks.deliveries().nth(0)).toHaveAttribute("data-status", "delivered", {
      timeout: 20_000,
    });
    await expect(webhooks.deliveries().nth(1)).toHaveAttribute("data-status", "delivered");
    await expect
      .poll(() => failing.map((id) => about(id).length), { timeout: 10_000 })
      .toEqual([9, 9]);
    const stillFailed = await api("GET", `/webhooks/${webhookId}/deliveries?status=failed`);
    expect(stillFailed.body.data).toEqual([]);

    // Clicking again finds nothing left to retry.
    await page.getByRole("button", { name: "Retry failed…" }).click();
    await expect(webhooks.dialog().getByTestId("failed-count")).toHaveText(
      "0 failed deliveries since then.",
    );
    await expect(
      webhooks.dialog().getByRole("button", { name: "Nothing to retry" }),
    ).toBeDisabled();
  } finally {
    await receiver.close();
  }
});
