import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, inject, test } from "vitest";
import { call, eventually } from "../support/api";
import { expectError } from "../support/expect-error";
import { removeOrganization } from "../support/tenant";

const run = promisify(execFile);
const embedded = inject("databaseEmbedded");

/**
 * The operator's environment: PostgreSQL from DATABASE_URL, or, on the embedded database, only
 * the data directory the running server holds (the CLI must find the server and go through it).
 */
function cliEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
  delete env.DATABASE_EMBEDDED;
  if (!embedded) return { ...env, DATABASE_URL: inject("databaseUrl") };
  delete env.DATABASE_URL;
  return { ...env, DATA_DIR: inject("dataDir") };
}

/** `npm run cli -- …` as a child process; resolves with its output, whatever the exit code. */
async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", "cli", "--", ...args], {
      env: cliEnvironment(),
      timeout: 60_000,
    });
    return { code: 0, stdout: stdout.trim(), stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: failed.code ?? -1,
      stdout: failed.stdout?.trim() ?? "",
      stderr: failed.stderr ?? "",
    };
  }
}

const agentsWith = (secret: string, environment: "sandbox" | "production" = "sandbox") =>
  call("GET", "/agents?limit=1", { key: secret, environment });
const stopsWorking = (secret: string, reason: RegExp) =>
  eventually(async () => {
    expect(expectError(await agentsWith(secret), 401, "unauthorized").message).toMatch(reason);
  });

const createdOrganizations: string[] = [];
afterAll(async () => {
  for (const id of createdOrganizations) await removeOrganization(id);
});

describe("npm run cli", () => {
  test("org create, keys create, list, roll and revoke: printed secrets work and then stop", {
    timeout: 180_000,
  }, async () => {
    const org = await cli("org", "create", "--name", "CLI Test", "--plan", "pro");
    expect(org).toMatchObject({ code: 0 });
    const [organizationId, name, plan] = org.stdout.split("\t");
    expect(organizationId).toMatch(/^org-[0-9A-Za-z]{16}$/);
    expect([name, plan]).toEqual(["CLI Test", "pro"]);
    createdOrganizations.push(organizationId!);

    const created = await cli(
      "keys",
      "create",
      "--org",
      organizationId!,
      "--env",
      "sandbox",
      "--scopes",
      "agent.read",
    );
    expect(created.code).toBe(0);
    const secret = created.stdout;
    expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    const keyId = /created (key-[0-9A-Za-z]{16})/.exec(created.stderr)?.[1];
    expect(keyId).toBeDefined();
    expect((await agentsWith(secret)).status).toBe(200);
    expectError(
      await call("POST", "/agents", { key: secret, body: { name: "x" } }),
      403,
      "forbidden",
    );

    const live = await cli(
      "keys",
      "create",
      "--org",
      organizationId!,
      "--env",
      "production",
      "--scopes",
      "all",
    );
    expect(live.stdout).toMatch(/^sk_live_/);
    expect((await agentsWith(live.stdout, "production")).status).toBe(200);

    const listed = await cli("keys", "list", "--org", organizationId!);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.split("\n");
    expect(lines).toHaveLength(2);
    const line = lines.find((entry) => entry.startsWith(keyId!));
    expect(line).toContain(`${secret.slice(0, 12)}…${secret.slice(-4)}`);
    expect(line).toContain("\tactive\t");
    expect(listed.stdout).not.toContain(secret);

    const rolled = await cli("keys", "roll", "--key", keyId!, "--overlap", "1h");
    expect(rolled.code).toBe(0);
    const successor = rolled.stdout;
    expect(successor).toMatch(/^sk_test_/);
    const successorId = /→ (key-[0-9A-Za-z]{16})/.exec(rolled.stderr)?.[1];
    expect((await agentsWith(secret)).status).toBe(200);
    expect((await agentsWith(successor)).status).toBe(200);
    expect((await cli("keys", "list", "--org", organizationId!)).stdout).toMatch(
      new RegExp(`${keyId}\\tsandbox\\t\\S+\\texpiring\\t`),
    );

    const rolledNow = await cli("keys", "roll", "--key", successorId!, "--overlap", "now");
    expect(rolledNow.code).toBe(0);
    await stopsWorking(successor, /expired/);
    expect((await agentsWith(rolledNow.stdout)).status).toBe(200);

    const revoked = await cli("keys", "revoke", "--key", keyId!);
    expect(revoked).toMatchObject({ code: 0, stdout: expect.stringMatching(/revoked at/) });
    await stopsWorking(secret, /revoked/);
  });

  test("usage errors exit 2 with one line and no stack trace; failures exit 1", {
    timeout: 120_000,
  }, async () => {
    const oneLine = (stderr: string) => stderr.trim().split("\n");
    const badEnvironment = await cli(
      "keys",
      "create",
      "--org",
      "org-0000000000000000",
      "--env",
      "staging",
    );
    expect(badEnvironment).toMatchObject({ code: 2, stdout: "" });
    expect(oneLine(badEnvironment.stderr)).toEqual([
      "error: option '--env <env>' argument 'staging' is invalid. Allowed choices are sandbox, production.",
    ]);
    const unknownFlag = await cli("keys", "list", "--org", "org-0000000000000000", "--jsn");
    expect(unknownFlag.code).toBe(2);
    expect(oneLine(unknownFlag.stderr)).toEqual([
      "error: unknown option '--jsn' (Did you mean --json?)",
    ]);
    expect(unknownFlag.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/);
    const missing = await cli("keys", "revoke");
    expect(missing.code).toBe(2);
    expect(oneLine(missing.stderr)).toEqual(["error: required option '--key <id>' not specified"]);
    const unknownCommand = await cli("keys", "delete");
    expect(unknownCommand.code).toBe(2);
    expect(oneLine(unknownCommand.stderr)).toEqual(["error: unknown command 'delete'"]);

    const unknownKey = await cli("keys", "revoke", "--key", "key-0000000000000000");
    expect(unknownKey.code).toBe(1);
    expect(oneLine(unknownKey.stderr)).toEqual(["error: no key with id 'key-0000000000000000'"]);
    const unknownOrganization = await cli("keys", "list", "--org", "org-0000000000000000");
    expect(unknownOrganization.code).toBe(1);
    expect(oneLine(unknownOrganization.stderr)).toEqual([
      "error: organization org-0000000000000000 not found",
    ]);
  });

  test("help for the program and for every command, on stdout with exit 0", {
    timeout: 60_000,
  }, async () => {
    const help = await cli("--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run cli -- \[options\] \[command\]/);
    for (const command of ["org", "keys", "jwt", "wallets", "attest", "receipts", "mcp", "listen"])
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    const keysCreate = await cli("keys", "create", "--help");
    expect(keysCreate.code).toBe(0);
    expect(keysCreate.stdout).toContain("Usage: npm run cli -- keys create [options]");
    expect(keysCreate.stdout).toMatch(
      /--env <env> +its environment \(choices: "sandbox", "production"\)/,
    );
    expect(keysCreate.stdout).toMatch(/--json +machine-readable output/);
    const missingSubcommand = await cli("org");
    expect(missingSubcommand.code).toBe(2);
    expect(missingSubcommand.stderr).toMatch(/create \[options\] +create an organization/);
    expect(missingSubcommand.stderr).toMatch(/list +list every organization/);
  });

  test("org list and --json: one JSON document that parses, listing the organization created", {
    timeout: 60_000,
  }, async () => {
    const created = await cli("org", "create", "--name", "CLI JSON", "--json");
    expect(created.code).toBe(0);
    const organization = JSON.parse(created.stdout);
    createdOrganizations.push(organization.id);
    expect(organization).toMatchObject({ name: "CLI JSON", plan: "free" });
    expect(organization.id).toMatch(/^org-[0-9A-Za-z]{16}$/);

    const listed = await cli("org", "list");
    expect(listed.code).toBe(0);
    expect(listed.stdout.split("\n")).toContainEqual(
      `${organization.id}\tCLI JSON\tfree\t${organization.createdAt}`,
    );
    const json = await cli("org", "list", "--json");
    expect(JSON.parse(json.stdout)).toContainEqual({
      id: organization.id,
      name: "CLI JSON",
      plan: "free",
      createdAt: organization.createdAt,
    });

    const key = await cli("--json", "keys", "create", "--org", organization.id, "--env", "sandbox");
    expect(key.code).toBe(0);
    expect(key.stderr).toBe("");
    const { key: presented, secret } = JSON.parse(key.stdout);
    expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(presented).toMatchObject({
      environment: "sandbox",
      status: "active",
      name: "sandbox key",
    });
    expect((await agentsWith(secret)).status).toBe(200);
    const keys = JSON.parse((await cli("keys", "list", "--org", organization.id, "--json")).stdout);
    expect(keys).toEqual([expect.objectContaining({ id: presented.id, last4: secret.slice(-4) })]);
  });

  test.skipIf(!embedded)(
    "on the embedded database the CLI goes through the server, and opening the directory is refused",
    { tags: ["embedded-only"], timeout: 60_000 },
    async () => {
      const ownerFile = path.join(inject("dataDir"), "embedded-db.json");
      const owner = JSON.parse(readFileSync(ownerFile, "utf8"));
      expect(owner.owner).toBe("server");
      // A second process that tried to open the data directory itself is refused with guidance.
      const opener = `import("./db/embedded.ts").then((m) => m.startEmbeddedDatabase("cli")).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`;
      const refused = await run("node_modules/.bin/tsx", ["-e", opener], {
        env: { ...cliEnvironment() },
      }).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 3 });
      expect((refused as { stderr: string }).stderr).toMatch(
        new RegExp(
          `already open by process ${owner.pid} \\(server\\).*Stop it first, or set DATABASE_URL`,
        ),
      );
      // The CLI runs of this file left the server's claim on the directory in place.
      expect(JSON.parse(readFileSync(ownerFile, "utf8"))).toEqual(owner);
    },
  );
});
