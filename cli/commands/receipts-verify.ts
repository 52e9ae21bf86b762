import { readFile } from "node:fs/promises";
import { type Command, InvalidArgumentError } from "commander";
import { config } from "@/config";
import {
  bundleLabel,
  parseWitnessPolicy,
  verificationReport,
  verifyReceiptBundle,
} from "@/lib/attest";
import { printJson, wantsJson } from "../output";

const defaultJwksUrl = () =>
  `${config().PUBLIC_URL ?? `http://localhost:${config().PORT}`}/.well-known/jwks.json`;

// An input that cannot be read is bad input (exit 2), never a verdict on the receipt (exit 1).
const readJson = async (what: string, text: () => Promise<string>) => {
  try {
    return JSON.parse(await text()) as unknown;
  } catch (error) {
    throw new InvalidArgumentError(`${what} is not readable JSON: ${(error as Error).message}`);
  }
};

const readStdin = async () => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

const loadJwks = async (source: string) => {
  if (!/^https?:\/\//.test(source))
    return readJson(`JWKS ${source}`, () => readFile(source, "utf8"));
  const response = await fetch(source, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new InvalidArgumentError(`JWKS ${source} answered ${response.status}`);
  return readJson(`JWKS ${source}`, () => response.text());
};

type TOptions = { jwks?: string; origin?: string; witness: string[]; quorum?: number };

const collect = (value: string, previous: string[]) => [...previous, value];

const parseQuorum = (value: string) => {
  if (!/^[1-9][0-9]{0,3}$/.test(value)) throw new InvalidArgumentError("not a positive number");
  return Number(value);
};

/** The witness policy the options ask for: every --witness, by default all of them. */
const witnessPolicy = ({ witness, quorum }: TOptions) => {
  if (witness.length === 0) {
    if (quorum !== undefined) throw new InvalidArgumentError("--quorum needs --witness");
    return undefined;
  }
  const policy = { keys: witness, quorum: quorum ?? witness.length };
  const parsed = parseWitnessPolicy(policy);
  if (!parsed.ok) throw new InvalidArgumentError(parsed.detail);
  return policy;
};

export const receiptsVerify = (receipts: Command) =>
  receipts
    .command("verify")
    .description(
      "verify an exported receipt offline (no database, no API call); exit 0 valid, 1 invalid, 2 bad input",
    )
    .argument("<receipt.json>", "the receipt bundle, or - for stdin")
    .option("--jwks <file|url>", "the JWKS (default: this service's /.well-known/jwks.json)")
    .option("--origin <log>", "the log the tree head must come from")
    .option(
      "--witness <vkey>",
      "a witness whose cosignature counts (c2sp.org/tlog-cosignature vkey); repeatable",
      collect,
      [],
    )
    .option("--quorum <k>", "how many --witness must have cosigned (default: all)", parseQuorum)
    .action(async (file: string, options: TOptions, command: Command) => {
      const witnesses = witnessPolicy(options);
      const bundle = await readJson(`receipt ${file}`, () =>
        file === "-" ? readStdin() : readFile(file, "utf8"),
      );
      const jwks = await loadJwks(options.jwks ?? defaultJwksUrl());
      const result = await verifyReceiptBundle({
        bundle,
        jwks,
        expectedOrigin: options.origin,
        witnesses,
      });
      if (wantsJson(command)) {
        printJson(result);
      } else {
        console.log(verificationReport(result, bundleLabel(bundle, file)).join("\n"));
      }
      if (result.status !== "valid") process.exitCode = 1;
    });
