import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, inject, test } from "vitest";
import { startAddressPerRequestProxy } from "../support/address-per-request-proxy";

// The official MCP conformance suite (server mode, every scenario: --suite all) against
// /sandbox/mcp; the scenarios this
// server does not pass are listed, with reasons, in the baseline, and anything else fails.
test("the MCP conformance suite passes but for its baseline", async () => {
  const output = mkdtempSync(path.join(os.tmpdir(), "mcp-conformance-"));
  // The suite stands in for many clients: each request comes from an address of its own.
  const proxy = await startAddressPerRequestProxy(inject("baseUrl"));
  const child = spawn(
    "node_modules/.bin/conformance",
    [
      "server",
      "--suite",
      "all",
      "--url",
      `${proxy.url}/sandbox/mcp`,
      "--expected-failures",
      "tests/mcp/conformance-baseline.yml",
      "-o",
      output,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  child.stdout.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr.on("data", (chunk) => {
    log += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  await proxy.close();
  expect(code, log.slice(-3000)).toBe(0);
  expect(log).toMatch(/✓ server-initialize: 1 passed, 0 failed/);
  expect(log).toMatch(/✓ tools-list: 1 passed, 0 failed/);
  expect(log).toMatch(/✓ dns-rebinding-protection: 2 passed, 0 failed/);
}, 120_000);
