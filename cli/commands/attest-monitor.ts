import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { type Command, InvalidArgumentError } from "commander";
import { z } from "zod";
import { fromHashHex, verifyConsistency, verifyTreeHead } from "@/lib/attest";
import { ZHashHex, ZJwks, ZTreeHead } from "@/lib/attest/schemas";
import { printJson, wantsJson } from "../output";
import { parseUrl } from "../parse-url";

const ZSeen = ZTreeHead;
type TSeen = z.infer<typeof ZSeen>;
type TCheck = { ok: boolean; name: string; detail: string };

async function getJson(url: URL, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new Error(`${what}: ${url} is unreachable (${(error as Error).message})`);
  }
  if (!response.ok) throw new Error(`${what}: ${url} answered ${response.status}`);
  return response.json();
}

/**
 * Checks the log at `base` (an API base such as https://api.example.com/v1): its latest
 * checkpoint is signed by a key of the JWKS and extends `seen`, the last checkpoint this
 * monitor accepted. Answers the checks and the checkpoint to remember.
 */
async function monitorLog({
  base,
  jwksUrl,
  seen,
}: {
  base: string;
  jwksUrl?: string;
  seen?: TSeen;
}): Promise<{ checks: TCheck[]; latest: TSeen }> {
  const root = base.endsWith("/") ? base : `${base}/`;
  const parsed = ZSeen.safeParse(
    await getJson(new URL("attest/log/checkpoint", root), "checkpoint"),
  );
  if (!parsed.success) throw new Error("checkpoint: not a signed tree head");
  const latest: TSeen = parsed.data;
  const jwks = ZJwks.safeParse(
    await getJson(new URL(jwksUrl ?? "/.well-known/jwks.json", root), "JWKS"),
  );
  if (!jwks.success) throw new Error("JWKS: not a JSON Web Key Set");
  const signature = await verifyTreeHead({ treeHead: latest, jwks: jwks.data });
  const checks: TCheck[] = [
    {
      ok: signature.ok,
      name: "signature",
      detail: signature.ok ? `key ${latest.keyId}` : signature.detail,
    },
  ];
  if (!seen) {
    checks.push({ ok: true, name: "first look", detail: `size ${latest.treeSize}` });
    return { checks, latest };
  }
  if (latest.origin !== seen.origin) {
    checks.push({ ok: false, name: "origin", detail: `${latest.origin}, was ${seen.origin}` });
  } else if (latest.treeSize < seen.treeSize) {
    checks.push({
      ok: false,
      name: "rollback",
      detail: `size ${latest.treeSize} is smaller than the ${seen.treeSize} seen before`,
    });
  } else if (latest.treeSize === seen.treeSize) {
    const same = latest.rootHash === seen.rootHash;
    checks.push({
      ok: same,
      name: "consistency",
      detail: same ? `unchanged at size ${latest.treeSize}` : "same size, different root: a fork",
    });
  } else {
    const url = new URL(`attest/log/consistency?from=${seen.treeSize}&to=${latest.treeSize}`, root);
    const answer = z
      .object({ proof: z.array(ZHashHex) })
      .safeParse(await getJson(url, "consistency proof"));
    const consistent =
      answer.success &&
      verifyConsistency({
        oldSize: seen.treeSize,
        newSize: latest.treeSize,
        oldRoot: fromHashHex(seen.rootHash),
        newRoot: fromHashHex(latest.rootHash),
        proof: answer.data.proof.map((hash) => fromHashHex(hash)),
      });
    checks.push({
      ok: consistent,
      name: "consistency",
      detail: consistent
        ? `size ${seen.treeSize} → ${latest.treeSize}`
        : `size ${latest.treeSize} does not extend the ${seen.treeSize} seen before`,
    });
  }
  return { checks, latest };
}

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
      let seen: TSeen | undefined;
      if (options.state && existsSync(options.state)) {
        const stored = ZSeen.safeParse(JSON.parse(await readFile(options.state, "utf8")));
        if (!stored.success)
          throw new InvalidArgumentError(`--state ${options.state} holds no checkpoint`);
        seen = stored.data;
      }
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
