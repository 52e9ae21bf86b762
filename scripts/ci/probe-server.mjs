// Starts a server command as a user would, waits until it is ready, calls the API with the sandbox
// key it printed on its first start and fetches the SDK package it serves; then stops it with
// SIGTERM and expects a clean exit.
// Shared by the fresh-clone and image checks (scripts/ci/). Node built-ins only: it runs on the
// machine's Node before the project's own is installed.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Runs a command to completion, streaming its output; throws on a non-zero exit. */
export async function run(command, args, options = {}) {
  const child = spawn(command, args, { stdio: "inherit", ...options });
  const code = await new Promise((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}`);
}

async function until(what, deadlineMs, attempt) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (await attempt().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(1000);
  }
}

/**
 * `command` serves on `port`. `ready` (optional) is an extra readiness check run before
 * `/api/ready` (the image's HEALTHCHECK). Resolves once the key it printed listed agents.
 */
export async function probeServer({
  name,
  command,
  args,
  cwd,
  env,
  port,
  ready,
  startMs = 600_000,
}) {
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(command, args, {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const exited = new Promise((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
  }
  try {
    const early = exited.then(({ code, signal }) => {
      throw new Error(`${name} exited (${code ?? signal}) before it was ready`);
    });
    early.catch(() => {});
    await Promise.race([
      early,
      (async () => {
        if (ready) await until(`${name}: health check`, startMs, ready);
        await until(
          `${name}: ${base}/api/ready`,
          startMs,
          async () => (await fetch(`${base}/api/ready`)).ok,
        );
      })(),
    ]);
    const key = output.match(/\bsk_test_[A-Za-z0-9_]+/)?.[0];
    if (!key) throw new Error(`${name} printed no sandbox key on its first start`);
    const response = await fetch(`${base}/sandbox/v1/agents?limit=1`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const body = await response.json();
    if (response.status !== 200 || !Array.isArray(body.data))
      throw new Error(
        `${name}: GET /sandbox/v1/agents with the printed key: ${response.status} ${JSON.stringify(body)}`,
      );
    const sdk = await fetch(`${base}/sdk/agent-settlement-sdk.tgz`);
    const bytes = new Uint8Array(await sdk.arrayBuffer());
    if (sdk.status !== 200 || bytes[0] !== 0x1f || bytes[1] !== 0x8b)
      throw new Error(`${name}: GET /sdk/agent-settlement-sdk.tgz: ${sdk.status}, not a gzip file`);
    console.log(
      `✔ ${name}: ready on ${base}; the printed key lists agents (200); it serves the SDK package`,
    );
  } finally {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGTERM");
  }
  const { code, signal } = await Promise.race([
    exited,
    sleep(60_000).then(() => ({ code: "still running 60 s after SIGTERM" })),
  ]);
  if (code !== 0 && signal !== "SIGTERM")
    throw new Error(`${name} did not stop cleanly: ${code ?? signal}`);
  console.log(`✔ ${name}: stopped cleanly on SIGTERM`);
}
