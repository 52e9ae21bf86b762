import { createHash, randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { callApi } from "./support/api";

const REDIRECT = "http://127.0.0.1:33419/callback";

test("an MCP client's consent screen: sign in, allow, and the client's code buys a working key", async ({
  page,
  request,
  baseURL,
}) => {
  const registered = await request.post("/oauth/register", {
    data: { redirect_uris: [REDIRECT], client_name: "Desk host" },
  });
  expect(registered.status()).toBe(201);
  const { client_id: clientId } = await registered.json();
  const verifier = randomBytes(32).toString("base64url");
  const authorize = new URL("/oauth/authorize", baseURL);
  for (const [name, value] of Object.entries({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    resource: `${baseURL}/sandbox/mcp`,
    scope: "agent.read agent.register",
    state: "from-the-host",
  }))
    authorize.searchParams.set(name, value);

  // Signed out, the screen asks to sign in first; a new account then comes back to it.
  await page.goto(authorize.toString());
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  await new SignUpPage(page).signUp(newAccount("Consent"));
  await page.goto(authorize.toString());
  await expect(page.getByRole("heading", { name: "Allow Desk host?" })).toBeVisible();
  await expect(page.getByTestId("consent-scopes")).toHaveText(/agent\.read\s*agent\.register/);
  await expect(page.getByText("http://127.0.0.1:33419")).toBeVisible();

  // The host's loopback listener, standing in for the desktop app.
  await page.route(`${REDIRECT}**`, (route) => route.fulfill({ body: "You can close this tab." }));
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/127\.0\.0\.1:33419\/callback\?/);
  const back = new URL(page.url());
  expect(back.searchParams.get("state")).toBe("from-the-host");
  const token = await request.post("/oauth/token", {
    form: {
      grant_type: "authorization_code",
      code: back.searchParams.get("code")!,
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    },
  });
  expect(token.status()).toBe(200);
  const { access_token: accessToken, scope } = await token.json();
  expect(scope).toBe("agent.read agent.register");
  const created = await callApi(request, {
    method: "POST",
    path: "/sandbox/v1/agents",
    key: accessToken,
    body: { name: "Over OAuth" },
  });
  expect(created.status).toBe(201);
  // The key has only the granted scopes.
  const refused = await callApi(request, { path: "/sandbox/v1/settlements", key: accessToken });
  expect(refused.status).toBe(403);

  // It is on the keys page, named for the client.
  await page.goto("/console/sandbox/keys");
  await expect(page.getByRole("cell", { name: "MCP: Desk host" })).toBeVisible();
});
