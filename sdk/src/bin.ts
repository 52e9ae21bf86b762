#!/usr/bin/env node
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { bundleLabel, verificationReport } from "../../lib/attest/verify-receipt";
import { parseWitnessPolicy } from "../../lib/attest/witness-check";
import { verifyReceiptBundle } from "./receipts";

const usage = `Usage: agent-settlement verify-receipt <bundle.json|-> --jwks <jwks.json|URL> [--origin <log>]
         [--witness <vkey>]... [--quorum <k>] [--json]

Checks a receipt bundle (GET /v1/receipts/{id}/bundle) offline against the service's JWKS
(<origin>/.well-known/jwks.json): schema, evidence chain, attest hash, policy, inclusion proof
and the log's signed tree head; with --witness (a c2sp.org/tlog-cosignature vkey, repeatable),
also that k of those witnesses cosigned the tree head (--quorum, default: all of them).
Exit code 0: valid; 1: invalid; 2: bad input.`;

class InputError extends Error {}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function readJson(source: string, what: string): Promise<unknown> {
  let text: string;
  try {
    if (/^https?:\/\//.test(source)) {
      const response = await fetch(source);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      text = await response.text();
    } else {
      text = source === "-" ? await readStdin() : await readFile(source, "utf8");
    }
  } catch (error) {
    throw new InputError(`cannot read the ${what} ${source}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new InputError(`the ${what} ${source} is not JSON`);
  }
}

/** The witness policy --witness and --quorum ask for (the CLI's `receipts verify` rules). */
function witnessPolicy(keys: string[], quorum: string | undefined) {
  if (keys.length === 0) {
    if (quorum !== undefined) throw new InputError("--quorum needs --witness");
    return undefined;
  }
  if (quorum !== undefined && !/^[1-9][0-9]{0,3}$/.test(quorum)) {
    throw new InputError(`--quorum ${quorum} is not a positive number`);
  }
  const policy = { keys, quorum: quorum === undefined ? keys.length : Number(quorum) };
  const parsed = parseWitnessPolicy(policy);
  if (!parsed.ok) throw new InputError(parsed.detail);
  return policy;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      jwks: { type: "string" },
      origin: { type: "string" },
      witness: { type: "string", multiple: true, default: [] },
      quorum: { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const [command, file, ...rest] = positionals;
  if (command !== "verify-receipt" || !file || rest.length > 0) {
    throw new InputError(
      command ? `unknown command or arguments: ${positionals.join(" ")}` : "missing command",
    );
  }
  if (!values.jwks) throw new InputError("--jwks is required");
  const witnesses = witnessPolicy(values.witness, values.quorum);
  const bundle = await readJson(file, "receipt bundle");
  const jwks = await readJson(values.jwks, "JWKS");
  const result = await verifyReceiptBundle(bundle, jwks, {
    expectedOrigin: values.origin,
    witnesses,
  });
  if (values.json) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    console.log(verificationReport(result, bundleLabel(bundle, file)).join("\n"));
  }
  return result.status === "valid" ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known =
      error instanceof InputError ||
      (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    console.error(`error: ${(error as Error).message}`);
    if (!known) console.error(error);
    console.error("run agent-settlement --help for usage");
    process.exitCode = 2;
  },
);
