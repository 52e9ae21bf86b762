import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { standaloneServerCommand } from "./tests/support/standalone-server";

/**
 * Browser tests of the console against the standalone production server (`npm run build` first),
 * in Debian's Chromium (`apt-get install -y chromium`): Playwright's own browser download cannot
 * work here.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("Set DATABASE_URL (npm test does) to run the browser tests.");

// Workers load this file again; the port chosen by the runner reaches them through the env.
process.env.E2E_PORT ||= String(await freePort());
// The server's DATA_DIR: without SMTP_URL on a local origin, its mail lands in DATA_DIR/mail/.
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
const port = Number(process.env.E2E_PORT);
const server = standaloneServerCommand(port);
const baseURL = `http://127.0.0.1:${port}`;
// Each worker signs in as its own client address (the server trusts loopback as a proxy), and
// each sign-up comes from one of its own (SignUpPage), so the browser tests never share the
// console's per-address limits.
const clientAddress = `2001:db8::${randomBytes(2).toString("hex")}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "e2e-artifacts/test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  use: {
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    // Playwright's request contexts reuse idle sockets without reading `Keep-Alive: timeout=`;
    // a server keep-alive longer than any test keeps a socket from closing just as it is reused.
    command: [server.command, ...server.args].map((word) => JSON.stringify(word)).join(" "),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      ...server.env,
      KEEP_ALIVE_TIMEOUT: "180000",
      DATABASE_URL: databaseUrl,
      DATA_DIR: process.env.E2E_DATA_DIR,
      NEXTAUTH_URL: baseURL,
      // Revocations and expiries are seen across the server's bundles within this time.
      API_KEY_CACHE_TTL_MS: "300",
      TRUSTED_PROXIES: "loopback",
      // Webhook retries after milliseconds (each durable sleep still lasts ≥ 1 s), so a failing
      // delivery reaches "failed" within seconds; usage counters written twice a second.
      WEBHOOK_RETRY_SCALE: "0.0001",
      USAGE_FLUSH_MS: "500",
    },
  },
});
