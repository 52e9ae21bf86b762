import { expect, test } from "@playwright/test";
import { KeysPage } from "./pages/keys-page";
import { RequestLogsPage } from "./pages/request-logs-page";
import { SignUpPage } from "./pages/sign-up-page";
import { newAccount } from "./support/accounts";
import { saveScreenshot } from "./support/screenshots";

test("request logs: each request with its status, key and error; search and filters", async ({
  page,
  request,
}) => {
  await new SignUpPage(page).signUp(newAccount("Logs"));
  const keys = new KeysPage(page);
  await keys.goto("sandbox");
  const secret = await keys.create({ name: "Log writer" });
  await keys.closeDialog();

  const send = async (method: string, path: string, body?: unknown) => {
    const response = await request.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${secret}` },
      data: body,
      failOnStatusCode: false,
    });
    return { status: response.status(), requestId: response.headers()["request-id"]! };
  };
  const listed = await send("GET", "/sandbox/v1/agents");
  const invalid = await send("POST", "/sandbox/v1/agents", { name: "" });
  const missing = await send("GET", "/sandbox/v1/agents/agent-0000000000000000");
  expect([listed.status, invalid.status, missing.status]).toEqual([200, 400, 404]);

  const logs = new RequestLogsPage(page);
  await logs.goto("sandbox");
  await logs.waitForRows(3);
  const listedRow = logs.row(listed.requestId);
  await expect(listedRow).toContainText("GET");
  await expect(listedRow).toContainText("/sandbox/v1/agents");
  await expect(listedRow).toContainText("200");
  await expect(listedRow).toContainText("Log writer");
  await expect(listedRow).toContainText(/\d+ ms/);
  await saveScreenshot(page, "request-logs");

  // A failure opens to the error envelope the caller received.
  const invalidRow = logs.row(invalid.requestId);
  await invalidRow.getByRole("button", { name: "Show" }).click();
  const error = page.getByRole("region", { name: `Error of ${invalid.requestId}` });
  await expect(error).toContainText('"code": "invalid_request"');
  await expect(error).toContainText('"param": "name"');

  await logs.filterStatus("4xx");
  await expect(logs.rows()).toHaveCount(2);
  await logs.filterStatus("404");
  await expect(logs.rows()).toHaveCount(1);
  await expect(logs.row(missing.requestId)).toBeVisible();
  await logs.filterStatus("5xx");
  await expect(page.getByTestId("empty-state")).toContainText("No requests match these filters");

  await page.getByRole("button", { name: "Clear filters" }).click();
  await logs.searchRequestId(listed.requestId);
  await expect(logs.rows()).toHaveCount(1);
  await expect(logs.row(listed.requestId)).toBeVisible();

  await page.getByRole("button", { name: "Clear filters" }).click();
  await logs.filters().getByLabel("Path").fill("0000000000");
  await expect(logs.rows()).toHaveCount(1);
  await expect(logs.row(missing.requestId)).toBeVisible();
  await logs.searchRequestId(missing.requestId.slice(0, 12));
  await expect(logs.rows()).toHaveCount(1);

  await page.getByRole("button", { name: "Clear filters" }).click();
  await logs.filterKey("Log writer");
  await expect(logs.rows()).toHaveCount(3);

  // What the page shows is what the console API holds, and no secret is in it.
  const api = await page.request.get(
    `/api/console/request-logs?environment=sandbox&requestId=${missing.requestId}`,
  );
  const body = await api.json();
  expect(body.data).toHaveLength(1);
  expect(body.data[0]).toMatchObject({ status: 404, error: { error: { code: "not_found" } } });
  expect(JSON.stringify(body)).not.toContain(secret);
});
