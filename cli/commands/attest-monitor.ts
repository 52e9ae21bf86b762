import { writeFile } from "node:fs/promises";
import type { Command } from "commander";
import { monitorLog, readSeen } from "../check-log";
import { printJson, wantsJson } from "../output";
import { parseUrl } from "../parse-url";

type TOptions = { url: string; state?: string; jwks?: string };

export const attestMonitor = (attest: Command) =>
  attest
    .command("monitor")
    .description(
      "check the public log: signed, and extending the last checkpoint seen (exit 1 when not)",
    )
    .requiredOption("--url <api base>", "the API base, e.g. https://api.example.com/v1", parseUrl)
    .option("--state <file>", "the last checkpoint accepted; updated when this one passes")
    .option("--jwks <url>", "the JWKS (default: the API's /.well-known/jwks.json)")
    .action(async (options: TOptions, command: Command) => {
      const seen = options.state ? await readSeen(options.state) : undefined;
      const { checks, latest } = await monitorLog({
        base: options.url,
        jwksUrl: options.jwks,
        seen,
      });
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
