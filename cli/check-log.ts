import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { InvalidArgumentError } from "commander";
import { z } from "zod";
import {
  checkTreeHeadKeyWindow,
  fromHashHex,
  verifyConsistency,
  verifyTreeHead,
} from "@/lib/attest";
import { ZHashHex, ZJwks, ZTreeHead } from "@/lib/attest/schemas";

/*
 * What the monitor and the witness both check of a public log: its latest checkpoint is signed
 * by a key of its JWKS, and extends the checkpoint accepted last (no rollback, no fork).
 */

export const ZSeen = ZTreeHead;
export type TSeen = z.infer<typeof ZSeen>;
export type TCheck = { ok: boolean; name: string; detail: string };

/** The API base as a URL base that relative paths extend. */
export const apiRoot = (base: string) => (base.endsWith("/") ? base : `${base}/`);

/** The checkpoint a state file holds, or undefined when there is no such file yet. */
export async function readSeen(file: string): Promise<TSeen | undefined> {
  if (!existsSync(file)) return undefined;
  const stored = ZSeen.safeParse(JSON.parse(await readFile(file, "utf8")));
  if (!stored.success) throw new InvalidArgumentError(`--state ${file} holds no checkpoint`);
  return stored.data;
}

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
 * checkpoint is signed by a key of the JWKS, inside that key's window, and extends `seen`, the last checkpoint this
 * monitor or witness accepted. Answers the checks and the checkpoint to remember.
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
  const root = apiRoot(base);
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
  const window = checkTreeHeadKeyWindow({ treeHead: latest, jwks: jwks.data });
  checks.push({
    ok: window.ok,
    name: "key window",
    detail: window.detail ?? `size ${latest.treeSize} is inside key ${latest.keyId}'s window`,
  });
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
        : `size ${latest.treeSize} does not extend the ${seen.treeSize} seen before: a fork`,
    });
  }
  return { checks, latest };
}
