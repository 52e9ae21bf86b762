import { expect, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { test } from "./support/console-fixture";
import { saveScreenshot } from "./support/screenshots";

/** The browser's own link colour, which no link on the site may show. */
const browserBlue = "rgb(0, 0, 238)";

async function expectNoBrowserBlueLinks(page: Page) {
  const colours = await page
    .locator("a")
    .evaluateAll((links) => links.map((link) => getComputedStyle(link).color));
  expect(colours.length).toBeGreaterThan(0);
  expect(colours).not.toContain(browserBlue);
}

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the landing page says what the product is and leads to the console, docs and log", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: "Let agents settle deals, and prove every payment",
      }),
    ).toBeVisible();
    const lead = page.getByText(/^Agent Settlement Service is an API/);
    for (const claim of [/register/, /negotiate deals/, /payment rails/, /signed receipt/]) {
      await expect(lead).toContainText(claim);
    }
    await expectNoBrowserBlueLinks(page);

    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await page.goto("/");
    await page.getByRole("link", { name: "Sign in to the console" }).click();
    await expect(page.getByRole("heading", { name: "Sign in to the console" })).toBeVisible();
    await page.goto("/");
    await page.getByRole("list").getByRole("link", { name: "API reference" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /API/ })).toBeVisible();

    await page.goto("/");
    const checkpointLink = page.getByRole("link", { name: "Public log checkpoint" });
    const href = await checkpointLink.getAttribute("href");
    expect(href).toBe("/v1/attest/log/checkpoint");
    // The log's own answer: a C2SP checkpoint (origin, size, root hash, then the signature), or,
    // before the first production receipt is sealed, the API's word that the log is empty.
    const checkpoint = await page.request.get(href ?? "");
    if (checkpoint.status() === 200) {
      expect(await checkpoint.text()).toMatch(/^[^\n]+\n\d+\n[A-Za-z0-9+/]+=*\n\n\u2014 /);
    } else {
      expect(checkpoint.status()).toBe(404);
      expect((await checkpoint.json()).error.message).toContain("attest log is empty");
    }
  });

  test("an unknown address shows the site's own 404 with a way home", async ({ page }) => {
    for (const path of ["/no-such-page", "/console/staging"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      const notFound = page.getByTestId("site-not-found");
      await expect(notFound.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(notFound).toContainText("There is nothing at this address.");
    }
    await expectNoBrowserBlueLinks(page);
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Create an account" })).toBeVisible();
  });

  test("the favicon is an SVG the pages point to", async ({ page }) => {
    const icon = await page.request.get("/icon.svg");
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toContain("image/svg+xml");
    expect(await icon.text()).toContain("<svg");
    await page.goto("/");
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", /\/icon\.svg/);
  });
});

test("an unknown console address shows a 404 inside the console, with a way back", async ({
  page,
}) => {
  for (const environment of ["sandbox", "production"]) {
    const response = await page.goto(`/console/${environment}/no-such-page/deeper`);
    expect(response?.status()).toBe(404);
    const notFound = page.getByTestId("console-not-found");
    await expect(notFound.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Environment" })).toBeVisible();

    await notFound.getByRole("link", { name: "Back to the overview" }).click();
    await page.waitForURL((url) => url.pathname === `/console/${environment}`);
    await expect(page.getByTestId("stat-Settled volume")).toBeVisible();
    await expect(page.getByTestId("console-not-found")).toHaveCount(0);
  }
});

test("a console page that crashes shows the error inside the console, and trying again recovers", async ({
  page,
}) => {
  // One malformed answer: the usage page cannot render it.
  await page.route(
    /\/api\/console\/usage\?/,
    (route) => route.fulfill({ json: { data: [null] } }),
    { times: 1 },
  );
  await page.goto("/console/sandbox/usage");
  const failure = page.getByTestId("console-error");
  await expect(failure.getByRole("heading", { level: 1 })).toHaveText(
    "This page could not be shown",
  );
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
  await expect(failure.getByRole("link", { name: "Back to the overview" })).toHaveAttribute(
    "href",
    "/console/sandbox",
  );
  await expectNoSeriousViolations(page, "console-error");
  await saveScreenshot(page, "console-error");

  await failure.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Usage" })).toBeVisible();
  await expect(page.getByTestId("total-volume")).toContainText("$12.50");
  await expect(failure).toHaveCount(0);
});
