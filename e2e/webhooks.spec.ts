import { expect, test } from "@playwright/test";
import { KeysPage } from "./pages/keys-page";
import { SignUpPage } from "./pages/sign-up-page";
import { WebhooksPage } from "./pages/webhooks-page";
import { newAccount } from "./support/accounts";
import { callApi } from "./support/api";
import { startReceiver } from "./support/receiver";
import { saveScreenshot } from "./support/screenshots";

test("a webhook to a local receiver: test event, signed deliveries, a failing receiver, retry", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    await new SignUpPage(page).signUp(newAccount("Webhooks"));
    const keys = new KeysPage(page);
    await keys.goto();
    const key = await keys.create({ name: "Event source" });
    const registerAgent = async (name: string) => {
      const created = await callApi(request, {
        method: "POST",
        path: "/sandbox/v1/agents",
        key,
        body: { name },
      });
      expect(created.status).toBe(201);
    };

    const webhooks = new WebhooksPage(page);
    await webhooks.goto();
    await expect(page.getByTestId("empty-state")).toContainText("No sandbox endpoints yet");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await saveScreenshot(page, "webhook-create");
    await page.keyboard.press("Escape");
    const secret = await webhooks.create({
      url: receiver.url,
      events: ["agent.registered"],
      description: "Agent directory sync",
    });
    receiver.expectSecret(secret);
    expect(secret).toMatch(/^whsec_/);

    // A test event: delivered, 200, latency, and the signature checks out on both sides.
    const result = await webhooks.sendTest();
    await expect(result).toHaveAttribute("data-ok", "true");
    await expect(result).toContainText("delivered");
    await expect(result).toContainText("200");
    await expect(result).toContainText(/\d+ms/);
    await expect(result).toContainText("Valid");
    expect(receiver.received.at(-1)).toMatchObject({ type: "agent.registered", signed: true });
    // The test joins the delivery log, marked as one.
    await expect(webhooks.deliveries()).toHaveCount(1);
    await expect(webhooks.deliveries().first()).toContainText("test event");
    const eventDeliveries = webhooks.deliveries().filter({ hasNotText: "test event" });

    // A real event reaches the receiver signed, and the delivery log says so.
    await registerAgent("Indexer");
    await expect(eventDeliveries.first()).toHaveAttribute("data-status", "delivered", {
      timeout: 20_000,
    });
    await expect(eventDeliveries.first()).toContainText("200");
    expect(receiver.received.filter((hook) => hook.signed)).toHaveLength(2);
    await expect(webhooks.stats()).toContainText("100%");
    await saveScreenshot(page, "webhook-detail");

    // The receiver starts failing: the test shows the 502 and what the receiver answered.
    receiver.answer(500);
    const failed = await webhooks.sendTest();
    await expect(failed).toHaveAttribute("data-ok", "false");
    await expect(failed).toContainText("HTTP 502");
    await expect(failed).toContainText("answered HTTP 500");
    await expect(webhooks.deliveries().first()).toContainText("test event");
    await expect(webhooks.deliveries().first()).toHaveAttribute("data-status", "failed");
    await saveScreenshot(page, "webhook-test-failed");

    // A real event against the failing receiver: every attempt fails, then the delivery does.
    await registerAgent("Auditor");
    await expect(eventDeliveries).toHaveCount(2);
    const failing = eventDeliveries.first();
    await expect(failing).toContainText("500", { timeout: 20_000 });
    await expect(failing).toHaveAttribute("data-status", "failed", { timeout: 45_000 });
    await expect(failing.getByRole("cell").nth(2)).toHaveText("8");
    await saveScreenshot(page, "webhook-delivery-failed");
    // Every console page now says that the endpoint keeps failing, and links to it.
    await page.goto("/console/sandbox/agents");
    const banner = page.getByTestId("failing-webhooks");
    await expect(banner).toContainText("A webhook endpoint keeps failing");
    await expect(banner).toContainText(receiver.url);
    // The failed test is one of them.
    await expect(banner).toContainText(/9 of \d+ attempts failed in the last 24 hours/);
    await expect(banner).toContainText("HTTP 500");
    await banner.getByRole("link", { name: receiver.url }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(receiver.url);

    // Fixed receiver, manual retry: delivered.
    receiver.answer(200);
    await failing.getByRole("button", { name: "Retry" }).click();
    await expect(failing).toHaveAttribute("data-status", "delivered", { timeout: 20_000 });
    await expect(failing.getByRole("cell").nth(2)).toHaveText("9");
    // Its latest attempt succeeded: the banner is gone.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(receiver.url);
    await expect(page.getByTestId("failing-webhooks")).toHaveCount(0);

    // Disable and enable, edit, delete with confirmation.
    await webhooks.setEnabled(false);
    await expect(page.getByRole("button", { name: "Send test event" })).toBeDisabled();
    await webhooks.setEnabled(true);
    const moved = receiver.url.replace("/hooks", "/hooks/v2");
    await webhooks.editUrl(moved);
    await webhooks.delete();
    await expect(page.getByTestId("empty-state")).toContainText("No sandbox endpoints yet");
  } finally {
    await receiver.close();
  }
});
