import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { secretsInLogLines } from "./secret-scan";
import { startSmtpSink } from "./smtp-sink";
import { standaloneServerCommand } from "./standalone-server";
import { testWitness } from "./test-witness";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    databaseEmbedded: boolean;
    /** The embedded database's data directory (TEST_DB=pglite), empty on PostgreSQL. */
    dataDir: string;
    /** Where the SMTP sink the server sends mail to keeps each message (smtp-sink.ts). */
    mailFolder: string;
  }
}

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

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Where `npm test` keeps its reports; the server's log goes there too. */
const reportsFolder = path.join(process.cwd(), ".data", "test-reports");

let server: ChildProcess | undefined;
/** Everything the server printed, scanned for secrets when the run ends. */
const log: string[] = [];
let dataDir: string | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;

/**
 * Starts the standalone production server (`npm run build` must have run) once for the whole run, on
 * PostgreSQL (DATABASE_URL) or, with TEST_DB=pglite, on a fresh embedded database.
 */
export async function setup(project: TestProject) {
  const embedded = process.env.TEST_DB === "pglite";
  if (!embedded && !process.env.DATABASE_URL) throw new Error("Set DATABASE_URL (npm test does).");
  const port = await freePort();
  const standalone = standaloneServerCommand(port);
  dataDir = embedded ? mkdtempSync(path.join(os.tmpdir(), "ass-pglite-")) : undefined;
  smtp = await startSmtpSink();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...standalone.env,
    API_KEY_CACHE_TTL_MS: "300",
    // The test client stands in for a proxy: its X-Forwarded-For is each test's client address.
    TRUSTED_PROXIES: "loopback",
    // The background-work engine's diagnostic functions, and retries in milliseconds, not minutes.
    JOBS_TEST_FUNCTIONS: "1",
    JOBS_RETRY_SCALE: "0.001",
    // Webhook retries after milliseconds instead of minutes (each durable sleep still lasts ≥ 1 s).
    WEBHOOK_RETRY_SCALE: process.env.WEBHOOK_RETRY_SCALE ?? "0.0001",
    // The sandbox rail's timeout and slow trigger amounts, shortened so tests wait seconds.
    RAIL_TIMEOUT_MS: process.env.RAIL_TIMEOUT_MS ?? "2000",
    SANDBOX_SLOW_MS: process.env.SANDBOX_SLOW_MS ?? "1000",
    // A witness whose cosignatures the log accepts (the campaign submits one).
    ATTEST_WITNESSES: testWitness.vkey,
    SMTP_URL: smtp.url,
    ...(embedded ? { DATABASE_URL: "", DATA_DIR: dataDir } : {}),
  };
  if (embedded) delete env.DATABASE_URL;
  server = spawn(standalone.command, standalone.args, {
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  log.length = 0;
  server.stdout?.on("data", (chunk) => log.push(String(chunk)));
  server.stderr?.on("data", (chunk) => {
    log.push(String(chunk));
    if (process.env.TEST_SERVER_LOG) process.stderr.write(chunk);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(async () => (await fetch(`${baseUrl}/api/health`)).ok, "the server");
  } catch (error) {
    console.error(log.join(""));
    throw error;
  }
  let databaseUrl = process.env.DATABASE_URL ?? "";
  if (embedded && dataDir) {
    const ownerFile = path.join(dataDir, "embedded-db.json");
    await waitFor(async () => existsSync(ownerFile), "the embedded database");
    databaseUrl = (JSON.parse(readFileSync(ownerFile, "utf8")) as { url: string }).url;
  }
  project.provide("baseUrl", baseUrl);
  project.provide("databaseUrl", databaseUrl);
  project.provide("databaseEmbedded", embedded);
  project.provide("dataDir", dataDir ?? "");
  project.provide("mailFolder", smtp.folder);
}

export async function teardown() {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    process.kill(-server.pid, "SIGTERM");
    await exited;
  }
  server?.stdout?.destroy();
  server?.stderr?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await smtp?.close();
  if (smtp) rmSync(smtp.folder, { recursive: true, force: true });
  // Kept for the failure report of a run: .data/test-reports/server-<database>.log.
  mkdirSync(reportsFolder, { recursive: true });
  writeFileSync(
    path.join(
      reportsFolder,
      `server-${process.env.TEST_DB === "pglite" ? "pglite" : "postgres"}.log`,
    ),
    log.join(""),
  );
  // Every request of the run went through this server: none may have logged a secret.
  const leaked = secretsInLogLines(log.join(""));
  if (leaked.length > 0) {
    // Vitest reports an error thrown here but still exits 0: the exit code carries the failure.
    process.exitCode = 1;
    throw new Error(`The test server logged secrets: ${leaked.join(", ")} (see its JSON lines)`);
  }
}
