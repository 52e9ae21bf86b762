import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { call, eventually } from "../support/api";
import { answer, startReceiver, type TReceiver } from "../support/receiver";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
let receiver: TReceiver;
let dataDir: string;

beforeAll(async () => {
  tenant = await seedTenant();
  receiver = await startReceiver({ handler: answer(202) });
  dataDir = mkdtempSync(path.join(os.tmpdir(), "cli-listen-"));
});
afterAll(async () => {
  await receiver.close();
  await tenant.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `listen` as an operator starts it, with no database configured and an empty data directory. */
function listen(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.DATABASE_EMBEDDED;
  const child = spawn(
    "node_modules/.bin/tsx",
    ["--tsconfig", "tsconfig.json", "cli/index.ts", "listen", ...args],
    { env },
  );
  const output = { stdout: "", stderr: "" };
  child.stdout.on("data", (chunk) => {
    output.stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output.stderr += chunk;
  });
  return { child, output };
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

/** The secret from the Ready line, once the listener has marked the existing events as seen. */
const ready = (output: { stderr: string }) =>
  eventually(async () => {
    const secret = /^Ready! Your webhook signing secret is (whsec_\S+) /m.exec(output.stderr)?.[1];
    expect(secret).toBeDefined();
    return secret!;
  }, 30_000);

const createAgent = async (name: string) => {
  const created = await call("POST", "/agents", { key: tenant.keys.sandbox, body: { name } });
  expect(created.status).toBe(201);
  return created.body.id as string;
};

describe("npm run cli -- listen", () => {
  test("forwards only new events of the chosen types, signed with the printed secret; SIGTERM exits 0", {
    timeout: 90_000,
  }, async () => {
    const before = await createAgent("before listen");
    const { child, output } = listen(
      "--forward-to",
      `${receiver.origin}/hooks`,
      "--api-key",
      tenant.keys.sandbox,
      "--base-url",
      inject("baseUrl"),
      "--events",
      "agent.registered",
    );
    const secret = await ready(output);
    const agentId = await createAgent("during listen");
    // Not forwarded: agent.updated is not among --events.
    await call("PATCH", `/agents/${agentId}`, {
      key: tenant.keys.sandbox,
      body: { status: "suspended" },
    });
    const received = await eventually(async () => {
      expect(receiver.received).toHaveLength(1);
      return receiver.received[0]!;
    }, 20_000);
    expect(received).toMatchObject({ method: "POST", path: "/hooks" });
    expect(received.headers["content-type"]).toBe("application/json");
    const event = new Webhook(secret).verify(received.body, received.headers as never) as any;
    expect(event).toMatchObject({
      type: "agent.registered",
      environment: "sandbox",
      apiVersion: "v1",
      data: { object: { id: agentId, name: "during listen" } },
    });
    expect(received.headers["webhook-id"]).toBe(event.id);
    expect(received.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(
        received.body,
        received.headers as never,
      ),
    ).toThrow();
    await eventually(async () => {
      expect(output.stdout).toMatch(
        new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\S+Z agent\\.registered ${event.id} -> 202$`, "m"),
      );
    });

    // A second poll cycle forwards nothing more (the update is filtered, the first agent is old).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.body).not.toContain(before);
    const exit = exited(child);
    child.kill("SIGTERM");
    expect(await exit).toBe(0);
    expect(output.stdout.trim().split("\n")).toHaveLength(1);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  test("--json prints one JSON line per forwarded event; a refused key exits 1, a bad --events value 2", {
    timeout: 90_000,
  }, async () => {
    receiver.received.length = 0;
    const { child, output } = listen(
      "--forward-to",
      receiver.origin,
      "--api-key",
      tenant.keys.sandbox,
      "--base-url",
      inject("baseUrl"),
      "--json",
    );
    await ready(output);
    const agentId = await createAgent("json listen");
    const line = await eventually(async () => {
      const [first] = output.stdout.trim().split("\n");
      expect(first).toBeTruthy();
      return JSON.parse(first!);
    }, 20_000);
    expect(line).toMatchObject({ type: "agent.registered", status: 202 });
    expect(line.id).toMatch(/^evt-/);
    expect(JSON.parse(receiver.received[0]!.body).data.object.id).toBe(agentId);
    const exit = exited(child);
    child.kill("SIGINT");
    expect(await exit).toBe(0);

    const refused = listen(
      "--forward-to",
      receiver.origin,
      "--api-key",
      `sk_test_${"0".repeat(32)}`,
      "--base-url",
      inject("baseUrl"),
    );
    expect(await exited(refused.child)).toBe(1);
    expect(refused.output.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^error: http:\S+\/sandbox\/v1\/events answered 401: \S/),
    ]);

    const bad = listen("--forward-to", receiver.origin, "--api-key", "x", "--events", "agent.nope");
    expect(await exited(bad.child)).toBe(2);
    expect(bad.output.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(
        /^error: option '--events <type,...>' argument 'agent.nope' is invalid/,
      ),
    ]);
  });
});
