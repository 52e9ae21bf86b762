import { spawn } from "node:child_process";
import { expect, test } from "vitest";
import { freePort } from "../support/child-server";

/** Starts the production build with `env` added and resolves with its exit code and output. */
async function startWith(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn("node_modules/.bin/next", ["start", "-p", String(port)], {
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.once("exit", (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  return { code, output };
}

test("a bad configuration stops the start with one message naming every bad variable", async () => {
  const { code, output } = await startWith({
    DATABASE_POOL_SIZE: "lots",
    RATE_LIMIT: "maybe",
    METRICS_TOKEN: "short",
    INNGEST_EVENT_KEY: "event-key",
    // A public origin needs a key to seal stored secrets with (the tests' own key is unset here).
    PUBLIC_URL: "https://api.example.com",
    NEXTAUTH_SECRET: "configured",
    ATTEST_LOG_NAME: "api.example.com",
    SECRETS_ENCRYPTION_KEY: "",
  });
  expect(code).toBe(1);
  expect(output).toContain("Invalid configuration:");
  expect(output).toContain('DATABASE_POOL_SIZE: must be a number (got "lots")');
  expect(output).toContain('RATE_LIMIT: must be "on" or "off" (got "maybe")');
  expect(output).toContain("METRICS_TOKEN: must be at least 16 characters");
  expect(output).toContain(
    "INNGEST_SIGNING_KEY: set both INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY",
  );
  expect(output).toContain(
    "SECRETS_ENCRYPTION_KEY: required when NEXTAUTH_URL or PUBLIC_URL is a public address: it encrypts the secrets kept in the database (generate one with `openssl rand -base64 32`)",
  );
  // Stopped before start-up began: no database, no listening server.
  expect(output).not.toContain("database:");
  expect(output).not.toMatch(/at .*\.js:\d+/);
}, 90_000);
