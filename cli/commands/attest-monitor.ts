import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { z } from "zod";
import { fromHashHex, verifyConsistency, verifyTreeHead } from "@/lib/attest";
import { ZHashHex, ZJwks, ZTreeHead } from "@/lib/attest/schemas";
import { type TCliCommand, UsageError } from "../command";

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
    throw new UsageError(`${what}: ${url} is unreachable (${(error as Error).message})`);
  }
  if (!response.ok) throw new UsageError(`${what}: ${url} answered ${response.status}`);
  return response.json();
}

/**
 * Checks the log at `base` (an API base such as https://api.example.com/v1): its latest
 * checkpoint is signed by a key of the JWKS and extends `seen`, the last checkpoint this
 * monitor accepted. Answers the checks and the checkpoint to remember.
 */
export async function monitorLog({
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
  if (!parsed.success) throw new UsageError("checkpoint: not a signed tree head");
  const latest: TSeen = parsed.data;
  const jwks = ZJwks.safeParse(
    await getJson(new URL(jwksUrl ?? "/.well-known/jwks.json", root), "JWKS"),
  );
  if (!jwks.success) throw new UsageError("JWKS: not a JSON Web Key Set");
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

export const attestMonitor: TCliCommand = {
  path: ["attest", "monitor"],
  usage: "attest monitor --url <api base> [--state <file>] [--jwks <url>] [--json]",
  summary: "check the public log: signed, and extending the last checkpoint seen",
  database: false,
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        url: { type: "string" },
        state: { type: "string" },
        jwks: { type: "string" },
        json: { type: "boolean", default: false },
      },
    });
    if (!values.url || positionals.length > 0) throw new UsageError("give --url <api base>");
    if (!URL.canParse(values.url)) throw new UsageError(`--url ${values.url} is not a URL`);
    let seen: TSeen | undefined;
    if (values.state && existsSync(values.state)) {
      const stored = ZSeen.safeParse(JSON.parse(await readFile(values.state, "utf8")));
      if (!stored.success) throw new UsageError(`--state ${values.state} holds no checkpoint`);
      seen = stored.data;
    }
    const { checks, latest } = await monitorLog({ base: values.url, jwksUrl: values.jwks, seen });
    const ok = checks.every((check) => check.ok);
    if (values.json) console.log(JSON.stringify({ ok, checks, checkpoint: latest }, null, 2));
    else
      for (const check of checks)
        console.log(`${check.ok ? "ok  " : "FAIL"}  ${check.name}: ${check.detail}`);
    // Only a checkpoint that passed becomes the one the next run compares with.
    if (ok && values.state) await writeFile(values.state, `${JSON.stringify(latest, null, 2)}\n`);
    return ok ? 0 : 1;
  },
};
