import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { inject } from "vitest";
import { standaloneServerCommand } from "./standalone-server";

/** The standalone production server run as a child process, for tests that kill or restart it. */
export type TChildServer = {
  baseUrl: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  /** SIGKILL: no cleanup, no graceful shutdown, exactly like a crash. */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
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

/**
 * Whether a child server would open the run's own PostgreSQL database (directly or through a
 * proxy). Such a child serves requests only: with background work on, its runner would take the
 * shared test server's jobs and run them with its own settings (webhook retries in minutes, no
 * SMTP sink), and the tests waiting for those jobs would wait in vain.
 */
function onRunDatabase(env: Record<string, string | undefined>): boolean {
  // The benchmarks start child servers too, outside Vitest, on databases of their own.
  if (!process.env.VITEST) return false;
  const run = inject("databaseUrl");
  if (!run || !env.DATABASE_URL || env.DATA_DIR) return false;
  return new URL(env.DATABASE_URL).pathname === new URL(run).pathname;
}

/**
 * Starts the standalone server on a free port and resolves once `ready` says so (by default,
 * when the server answers /api/health). `env` is added to this process's environment; on the
 * run's own database, background work is off unless `env` says otherwise.
 */
export async function startChildServer(options: {
  env: Record<string, string | undefined>;
  ready?: (output: string) => boolean;
  timeoutMs?: number;
}): Promise<TChildServer> {
  const port = await freePort();
  const server = standaloneServerCommand(port);
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...server.env,
    TRUSTED_PROXIES: "loopback",
    ...options.env,
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  if (onRunDatabase(env) && options.env.BACKGROUND_WORK === undefined) env.BACKGROUND_WORK = "off";
  const child = spawn(server.command, server.args, {
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const chunks: string[] = [];
  child.stdout?.on("data", (chunk) => chunks.push(String(chunk)));
  child.stderr?.on("data", (chunk) => chunks.push(String(chunk)));
  const output = () => chunks.join("");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = async (name: NodeJS.Signals) => {
    if (child.pid && child.exitCode === null && child.signalCode === null)
      process.kill(-child.pid, name);
    await exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const isReady = options.ready
    ? async () => options.ready?.(output()) ?? false
    : () =>
        fetch(`${baseUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    if (await isReady()) break;
    if (Date.now() > deadline) {
      await signal("SIGKILL");
      throw new Error(`server did not become ready:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    port,
    process: child,
    output,
    kill: () => signal("SIGKILL"),
    stop: () => signal("SIGTERM"),
  };
}
