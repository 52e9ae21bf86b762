import { readFile } from "node:fs/promises";
import { type Command, InvalidArgumentError } from "commander";
import { config } from "@/config";
import { bundleLabel, verificationReport, verifyReceiptBundle } from "@/lib/attest";
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

type TOptions = { jwks?: string; origin?: string };

export const receiptsVerify = (receipts: Command) =>
  receipts
    .command("verify")
    .description(
      "verify an exported receipt offline (no database, no API call); exit 0 valid, 1 invalid, 2 bad input",
    )
    .argument("<receipt.json>", "the receipt bundle, or - for stdin")
    .option("--jwks <file|url>", "the JWKS (default: this service's /.well-known/jwks.json)")
    .option("--origin <log>", "the log the tree head must come from")
    .action(async (file: string, options: TOptions, command: Command) => {
      const bundle = await readJson(`receipt ${file}`, () =>
        file === "-" ? readStdin() : readFile(file, "utf8"),
      );
      const jwks = await loadJwks(options.jwks ?? defaultJwksUrl());
      const result = await verifyReceiptBundle({ bundle, jwks, expectedOrigin: options.origin });
      if (wantsJson(command)) {
        printJson(result);
      } else {
        console.log(verificationReport(result, bundleLabel(bundle, file)).join("\n"));
      }
      if (result.status !== "valid") process.exitCode = 1;
    });
