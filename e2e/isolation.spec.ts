import { expect, test } from "@playwright/test";
import { AgentsPage } from "./pages/agents-page";
import { KeysPage } from "./pages/keys-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { callApi } from "./support/api";

test("another organization sees none of the first one's data", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  // The first organization: a key, and an agent registered with it.
  await new SignUpPage(page).signUp(newAccount("First"));
  const firstKeys = new KeysPage(page);
  await firstKeys.goto("sandbox");
  const secret = await firstKeys.create({ name: "First org key" });
  await firstKeys.closeDialog();
  const keyId = await firstKeys.keyId(firstKeys.rows("First org key"));
  const agent = await callApi(request, {
    method: "POST",
    path: "/sandbox/v1/agents",
    key: secret,
    body: { name: "First org agent" },
  });
  expect(agent.status).toBe(201);

  // The second organization, in its own browser context.
  const second = await browser.newContext();
  const secondPage = await second.newPage();
  await new SignUpPage(secondPage).signUp(newAccount("Second"));
  const secondKeys = new KeysPage(secondPage);
  await secondKeys.goto("sandbox");
  await expect(secondKeys.emptyState()).toBeVisible();
  await expect(secondPage.getByText("First org key")).toHaveCount(0);
  const secondAgents = new AgentsPage(secondPage);
  await secondAgents.goto("sandbox");
  await expect(secondAgents.emptyState()).toBeVisible();
  await secondPage.goto(`/console/sandbox/agents/${agent.body.id}`);
  await expect(secondPage.getByText("No such agent")).toBeVisible();

  // Direct calls to the console's JSON routes with the second member's session.
  const asSecond = secondPage.request;
  const sameOrigin = { Origin: baseURL! };
  const keysList = await asSecond.get("/api/console/keys?environment=sandbox");
  expect(keysList.status()).toBe(200);
  expect((await keysList.json()).data).toEqual([]);
  const agentsList = await asSecond.get("/api/console/agents?environment=sandbox");
  expect((await agentsList.json()).data).toEqual([]);
  for (const action of ["roll", "revoke"]) {
    const response = await asSecond.post(`/api/console/keys/${keyId}/${action}`, {
      headers: sameOrigin,
      data: action === "roll" ? { overlap: "now" } : undefined,
    });
    expect(response.status(), action).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
  }
  const agentRead = await asSecond.get(`/api/console/agents/${agent.body.id}?environment=sandbox`);
  expect(agentRead.status()).toBe(404);

  // A change from another site is refused even with a valid session, and changes nothing.
  const forged = await asSecond.post("/api/console/keys", {
    headers: { Origin: "https://evil.example" },
    data: { name: "forged", environment: "sandbox", scopes: ["agent.read"] },
  });
  expect(forged.status()).toBe(403);
  expect((await (await asSecond.get("/api/console/keys?environment=sandbox")).json()).data).toEqual(
    [],
  );
  await second.close();

  // The first organization's key survived all of it.
  expect((await callApi(request, { path: "/sandbox/v1/agents", key: secret })).status).toBe(200);
});

test("the console refuses requests without a session", async ({ playwright, page, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  for (const [method, path] of [
    ["GET", "/api/console/keys?environment=sandbox"],
    ["POST", "/api/console/keys"],
    ["POST", "/api/console/keys/key-0000000000000000/roll"],
    ["POST", "/api/console/keys/key-0000000000000000/revoke"],
    ["GET", "/api/console/agents?environment=sandbox"],
    ["GET", "/api/console/agents/agent-0000000000000000?environment=sandbox"],
    ["GET", "/api/console/receipts?environment=sandbox"],
    ["GET", "/api/console/receipts/rcp-0000000000000000?environment=sandbox"],
    ["POST", "/api/console/receipts/rcp-0000000000000000/verify?environment=sandbox"],
    ["GET", "/api/console/negotiations?environment=sandbox"],
    ["GET", "/api/console/settlements/stl-0000000000000000?environment=sandbox"],
    ["GET", "/api/console/webhooks?environment=sandbox"],
    ["POST", "/api/console/webhooks?environment=sandbox"],
    ["PATCH", "/api/console/webhooks/wh-0000000000000000?environment=sandbox"],
    ["DELETE", "/api/console/webhooks/wh-0000000000000000?environment=sandbox"],
    ["POST", "/api/console/webhooks/wh-0000000000000000/test?environment=sandbox"],
    ["GET", "/api/console/usage?environment=sandbox"],
    ["GET", "/api/console/overview?environment=sandbox"],
    ["GET", "/api/console/settlements/stats?environment=sandbox"],
    ["POST", "/api/console/settlements/stl-0000000000000000/reverse?environment=sandbox"],
    ["POST", "/api/console/settlements/stl-0000000000000000/dispute?environment=sandbox"],
    ["PATCH", "/api/console/agents/agent-0000000000000000?environment=sandbox"],
    ["DELETE", "/api/console/agents/agent-0000000000000000?environment=sandbox"],
    ["GET", "/api/console/agents/agent-0000000000000000/wallet?environment=sandbox"],
    ["POST", "/api/console/agents/agent-0000000000000000/wallet/fund?environment=sandbox"],
  ] as const) {
    const response = await anonymous.fetch(path, {
      method,
      headers: { Origin: baseURL! },
      data: method === "POST" || method === "PATCH" ? {} : undefined,
    });
    expect(response.status(), `${method} ${path}`).toBe(401);
    expect((await response.json()).error.code).toBe("unauthorized");
  }
  await anonymous.dispose();

  await page.goto("/console/sandbox/keys");
  await page.waitForURL("**/sign-in?callbackUrl=**");
  await expect(page.getByRole("heading", { name: "Sign in to the console" })).toBeVisible();
});
