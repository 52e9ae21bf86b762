import { randomBytes } from "node:crypto";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test } from "@playwright/test";
import { MemoryOAuthProvider } from "../tests/support/oauth-provider";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";

const REDIRECT = "http://127.0.0.1:33419/callback";

test("the official MCP client signs in with OAuth: the member consents in the console, and the client's tools work", async ({
  page,
  baseURL,
}) => {
  const provider = new MemoryOAuthProvider(REDIRECT, "Desk host");
  const transport = new StreamableHTTPClientTransport(new URL(`${baseURL}/sandbox/mcp`), {
    authProvider: provider,
    requestInit: {
      headers: { "x-forwarded-for": `2001:db8:7::${randomBytes(2).toString("hex")}` },
    },
  });
  const client = new Client({ name: "desk-host", version: "1.0.0" });
  await client.connect(transport);
  await expect(client.callTool({ name: "get_me", arguments: {} })).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  const consentUrl = provider.opened!.toString();

  // Signed out, the screen asks to sign in first; a new account then comes back to it.
  await page.goto(consentUrl);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  await new SignUpPage(page).signUp(newAccount("Consent"));
  await page.goto(consentUrl);
  await expect(page.getByRole("heading", { name: "Allow Desk host?" })).toBeVisible();
  await expect(page.getByTestId("consent-scopes")).toContainText("settlement.execute");
  await expect(page.getByText("http://127.0.0.1:33419")).toBeVisible();

  // The host's loopback listener, standing in for the desktop app.
  await page.route(`${REDIRECT}**`, (route) => route.fulfill({ body: "You can close this tab." }));
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/127\.0\.0\.1:33419\/callback\?/);
  const back = new URL(page.url());
  expect(back.searchParams.get("state")).toBe(provider.opened!.searchParams.get("state"));
  await transport.finishAuth(back.searchParams.get("code")!);

  const created = await client.callTool({
    name: "create_agent",
    arguments: { body: { name: "Over OAuth" } },
  });
  expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
  const me = await client.callTool({ name: "get_me", arguments: {} });
  expect(me.structuredContent).toMatchObject({ environment: "sandbox" });
  await client.close();

  // The client's key is on the keys page, named for it.
  await page.goto("/console/sandbox/keys");
  await expect(page.getByRole("cell", { name: "MCP: Desk host" })).toBeVisible();
});

test("a member of two organizations picks the one the client acts for on the consent screen", async ({
  page,
  baseURL,
}) => {
  const account = newAccount("Picker");
  await new SignUpPage(page).signUp(account);
  const listed = await page.request.get("/api/console/account/organizations");
  const [first] = (await listed.json()).data as { id: string }[];
  const made = await page.request.post("/api/console/account/organizations", {
    headers: { origin: baseURL! },
    data: { name: "Client's home" },
  });
  expect(made.status()).toBe(201);
  // The session now works in the new organization; the client should act for the first one.
  const provider = new MemoryOAuthProvider(REDIRECT, "Picky host");
  const transport = new StreamableHTTPClientTransport(new URL(`${baseURL}/sandbox/mcp`), {
    authProvider: provider,
    requestInit: {
      headers: { "x-forwarded-for": `2001:db8:7::${randomBytes(2).toString("hex")}` },
    },
  });
  const client = new Client({ name: "picky-host", version: "1.0.0" });
  await client.connect(transport);
  await expect(client.callTool({ name: "get_me", arguments: {} })).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  await page.goto(provider.opened!.toString());
  await expect(page.getByText("It asks to act for Client's home")).toBeVisible();
  await page
    .getByLabel("For the organization")
    .selectOption({ label: `${account.organization} (owner)` });
  await expect(page.getByText(`It asks to act for ${account.organization}`)).toBeVisible();
  await expect(page.getByLabel("For the organization")).toHaveValue(first!.id);

  await page.route(`${REDIRECT}**`, (route) => route.fulfill({ body: "You can close this tab." }));
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/127\.0\.0\.1:33419\/callback\?/);
  await transport.finishAuth(new URL(page.url()).searchParams.get("code")!);
  const me = await client.callTool({ name: "get_me", arguments: {} });
  expect(me.structuredContent).toMatchObject({ organizationId: first!.id, environment: "sandbox" });
  await client.close();
});
