import { expect, test } from "@playwright/test";
import { EventsPage } from "./pages/events-page";
import { KeysPage } from "./pages/keys-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { callApi } from "./support/api";
import { startReceiver } from "./support/receiver";
import { saveScreenshot } from "./support/screenshots";

test("events: filtered by type and object, the payload, and the deliveries each caused", async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    await new SignUpPage(page).signUp(newAccount("Events"));
    const keys = new KeysPage(page);
    await keys.goto("sandbox");
    const key = await keys.create({ name: "Events" });
    await keys.closeDialog();

    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    receiver.expectSecret(secret);
    const webhook = await callApi(request, {
      method: "POST",
      path: "/sandbox/v1/webhooks",
      key,
      body: { url: receiver.url, events: ["agent.updated"], secret },
    });
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);
    const register = async (name: string) => {
      const created = await callApi(request, {
        method: "POST",
        path: "/sandbox/v1/agents",
        key,
        body: { name },
      });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    const scout = await register("Scout");
    await register("Courier");
    const updated = await callApi(request, {
      method: "PATCH",
      path: `/sandbox/v1/agents/${scout}`,
      key,
      body: { description: "Finds suppliers" },
    });
    expect(updated.status).toBe(200);

    const events = new EventsPage(page);
    await events.goto("sandbox");
    await expect(events.rows()).toHaveCount(3);
    await expect(events.rows().first()).toContainText("agent.updated");
    await saveScreenshot(page, "events");

    await events.filters().getByLabel("Type").selectOption("agent.registered");
    await expect(events.rows()).toHaveCount(2);

    // The link other pages use to show one object's events.
    await events.goto("sandbox", `?objectId=${scout}`);
    await expect(events.filters().getByLabel("Object")).toHaveValue(scout);
    await expect(events.rows()).toHaveCount(2);
    await expect(events.rows().nth(0)).toContainText("agent.updated");
    await expect(events.rows().nth(1)).toContainText("agent.registered");

    await events.rows().nth(0).getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("agent.updated");
    await expect(events.payload()).toContainText('"description": "Finds suppliers"');
    await expect(events.payload()).toContainText(`"id": "${scout}"`);
    await expect(events.deliveries().first()).toHaveAttribute("data-status", "delivered", {
      timeout: 20_000,
    });
    await expect(events.deliveries().first()).toContainText(receiver.url);
    await expect(events.deliveries().first()).toContainText("200");
    await saveScreenshot(page, "event-detail");
    expect(receiver.received.filter((hook) => hook.type === "agent.updated")).toHaveLength(1);

    // Sent again to the endpoint: a second delivery of the same event.
    await page.getByLabel("Send it again to").selectOption({ label: receiver.url });
    await page.getByRole("button", { name: "Resend" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Queued" })).toBeVisible();
    await expect(events.deliveries()).toHaveCount(2, { timeout: 20_000 });
    await expect
      .poll(() => receiver.received.filter((hook) => hook.type === "agent.updated").length, {
        timeout: 20_000,
      })
      .toBe(2);

    // The delivery links to its endpoint's page.
    await events.deliveries().first().getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/console/sandbox/webhooks/${webhook.body.id}$`));

    // What the page showed is the public API's event.
    const eventId = (await callApi(request, { path: `/sandbox/v1/events?objectId=${scout}`, key }))
      .body.data[0].id;
    const viaApi = await callApi(request, { path: `/sandbox/v1/events/${eventId}`, key });
    expect(viaApi.body).toMatchObject({ type: "agent.updated", data: { object: { id: scout } } });
  } finally {
    await receiver.close();
  }
});
