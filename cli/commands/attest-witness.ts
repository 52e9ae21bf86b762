import { createPrivateKey, type KeyObject } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { type Command, InvalidArgumentError } from "commander";
import { cosignCheckpoint, formatCheckpoint, witnessVkeyOf } from "@/lib/attest";
import { monitorLog, readSeen, type TCheck, type TSeen } from "../check-log";
import { printJson, wantsJson } from "../output";
import { parseUrl } from "../parse-url";

type TOptions = { url: string; key: string; name: string; state: string; jwks?: string };

async function readWitnessKey(file: string): Promise<KeyObject> {
  let key: KeyObject;
  try {
    key = createPrivateKey(await readFile(file, "utf8"));
  } catch (error) {
    throw new InvalidArgumentError(`--key ${file}: ${(error as Error).message}`);
  }
  if (key.asymmetricKeyType !== "ed25519") {
    throw new InvalidArgumentError(`--key ${file} is not an Ed25519 private key`);
  }
  return key;
}

/** POSTs the cosignature; the log answers 201 once it verified and stored it. */
async function submit({
  base,
  checkpoint,
  cosignature,
}: {
  base: string;
  checkpoint: TSeen;
  cosignature: string;
}): Promise<TCheck> {
  const root = base.endsWith("/") ? base : `${base}/`;
  const url = new URL("attest/log/cosignatures", root);
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ checkpoint: formatCheckpoint(checkpoint), cosignature }),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status === 201) {
    return { ok: true, name: "submitted", detail: `size ${checkpoint.treeSize} to ${url}` };
  }
  const answer = (await response.json().catch(() => null)) as {
    error?: { message?: string };
  } | null;
  const why = answer?.error?.message ?? "no error envelope";
  return { ok: false, name: "submitted", detail: `${url} answered ${response.status}: ${why}` };
}

export const attestWitness = (attest: Command) =>
  attest
    .command("witness")
    .description(
      "witness the public log (c2sp.org/tlog-witness): check its checkpoint is signed and extends the last one cosigned, then cosign it and submit the cosignature (exit 1 on a rollback, a fork, or a refused submission)",
    )
    .requiredOption("--url <api base>", "the API base, e.g. https://api.example.com/v1", parseUrl)
    .requiredOption("--key <file>", "the witness's Ed25519 private key (PKCS#8 PEM)")
    .requiredOption("--name <witness name>", "the witness's key name, e.g. witness.example.com/w1")
    .requiredOption("--state <file>", "the last checkpoint cosigned; updated with each cosignature")
    .option("--jwks <url>", "the JWKS (default: the API's /.well-known/jwks.json)")
    .action(async (options: TOptions, command: Command) => {
      const privateKey = await readWitnessKey(options.key);
      let vkey: string;
      try {
        vkey = witnessVkeyOf({ name: options.name, privateKey });
      } catch (error) {
        throw new InvalidArgumentError(`--name ${options.name}: ${(error as Error).message}`);
      }
      const seen = await readSeen(options.state);
      const { checks, latest } = await monitorLog({
        base: options.url,
        jwksUrl: options.jwks,
        seen,
      });
      let cosignature: string | undefined;
      // A witness signs only what it verified: nothing after a failed check.
      if (checks.every((check) => check.ok)) {
        cosignature = cosignCheckpoint({
          checkpoint: formatCheckpoint(latest),
          name: options.name,
          privateKey,
          timestamp: BigInt(Math.floor(Date.now() / 1000)),
        });
        // Saved before the cosignature leaves (as tlog-witness requires): every later
        // checkpoint must extend this one, whether or not the log takes the cosignature.
        const { cosignatures: _, ...cosigned } = latest;
        await writeFile(options.state, `${JSON.stringify(cosigned, null, 2)}\n`);
        checks.push(await submit({ base: options.url, checkpoint: latest, cosignature }));
      }
      const ok = checks.every((check) => check.ok);
      if (wantsJson(command)) printJson({ ok, vkey, checks, checkpoint: latest, cosignature });
      else {
        console.log(`witness ${vkey}`);
        for (const check of checks)
          console.log(`${check.ok ? "ok  " : "FAIL"}  ${check.name}: ${check.detail}`);
      }
      if (!ok) process.exitCode = 1;
    });
