import { writeFile } from "node:fs/promises";
import type { Command } from "commander";
import { apiRoot, monitorLog, readSeen } from "../check-log";
import { printJson, wantsJson } from "../output";
import { parseUrl } from "../parse-url";
import { watchAgentKeys } from "../watch-agent-keys";

type TOptions = {
  url: string;
  state?: string;
  jwks?: string;
  agent: string[];
  expectKey: string[];
};

const collect = (value: string, previous: string[]) => [...previous, value];

export const attestMonitor = (attest: Command) =>
  attest
    .command("monitor")
    .description(
      "check the public log: signed, and extending the last checkpoint seen (exit 1 when not)",
    )
    .requiredOption("--url <api base>", "the API base, e.g. https://api.example.com/v1", parseUrl)
    .option("--state <file>", "the last checkpoint accepted; updated when this one passes")
    .option("--jwks <url>", "the JWKS (default: the API's /.well-known/jwks.json)")
    .option(
      "--agent <id>",
      "list this agent's key entries logged since the last checkpoint seen (repeatable)",
      collect,
      [],
    )
    .option(
      "--expect-key <key id>",
      "with --agent: a key you added; any other key added fails (repeatable)",
      collect,
      [],
    )
    .action(async (options: TOptions, command: Command) => {
      const seen = options.state ? await readSeen(options.state) : undefined;
      const { checks, latest } = await monitorLog({
        base: options.url,
        jwksUrl: options.jwks,
        seen,
      });
      if (options.agent.length > 0 && checks.every((check) => check.ok)) {
        checks.push(
          ...(await watchAgentKeys({
            root: apiRoot(options.url),
            latest,
            from: seen?.treeSize ?? 0,
            agents: options.agent,
            expectedKeys: options.expectKey,
          })),
        );
      }
      const ok = checks.every((check) => check.ok);
      if (wantsJson(command)) printJson({ ok, checks, checkpoint: latest });
      else
        for (const check of checks)
          console.log(`${check.ok ? "ok  " : "FAIL"}  ${check.name}: ${check.detail}`);
      // Only a checkpoint that passed becomes the one the next run compares with.
      if (ok && options.state)
        await writeFile(options.state, `${JSON.stringify(latest, null, 2)}\n`);
      if (!ok) process.exitCode = 1;
    });
