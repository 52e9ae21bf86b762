import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { config } from "@/config";
import { verifyReceiptBundle } from "@/lib/attest";
import { type TCliCommand, UsageError } from "../command";

const defaultJwksUrl = () =>
  `${config().PUBLIC_URL ?? `http://localhost:${config().PORT}`}/.well-known/jwks.json`;

const readJson = async (what: string, text: Promise<string>) => {
  try {
    return JSON.parse(await text) as unknown;
  } catch (error) {
    throw new UsageError(`${what} is not readable JSON: ${(error as Error).message}`);
  }
};

const readStdin = async () => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

const loadJwks = async (source: string) => {
  if (!/^https?:\/\//.test(source)) return readJson(`JWKS ${source}`, readFile(source, "utf8"));
  const response = await fetch(source, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new UsageError(`JWKS ${source} answered ${response.status}`);
  return readJson(`JWKS ${source}`, response.text());
};

export const receiptsVerify: TCliCommand = {
  path: ["receipts", "verify"],
  usage: "receipts verify <receipt.json> [--jwks <file|url>] [--origin <log>] [--json]",
  summary: "verify an exported receipt offline (no database, no API call)",
  database: false,
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        jwks: { type: "string" },
        origin: { type: "string" },
        json: { type: "boolean", default: false },
      },
    });
    const [file] = positionals;
    if (!file || positionals.length > 1)
      throw new UsageError("give one receipt file (or - for stdin)");
    const bundle = await readJson(
      `receipt ${file}`,
      file === "-" ? readStdin() : readFile(file, "utf8"),
    );
    const jwks = await loadJwks(values.jwks ?? defaultJwksUrl());
    const result = await verifyReceiptBundle({ bundle, jwks, expectedOrigin: values.origin });
    if (values.json) {
      console.log(JSON.stringify(result, null, 2));
    } else {
      for (const check of result.checks) {
        console.log(
          `${check.ok ? "ok  " : "FAIL"}  ${check.name}${check.detail ? `: ${check.detail}` : ""}`,
        );
      }
      const id = (bundle as { id?: unknown }).id;
      console.log(`receipt ${typeof id === "string" ? id : file} is ${result.status}`);
    }
    return result.status === "valid" ? 0 : 1;
  },
};
