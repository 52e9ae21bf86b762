import { ApiError } from "@/lib/http/api-error";
import { UsageError } from "./command";
import { commands } from "./commands";

const usage = `Usage: npm run cli -- <command> [options]

${commands.map((command) => `  ${command.usage.padEnd(68)} ${command.summary}`).join("\n")}

Uses DATABASE_URL when set; otherwise the embedded database, through the running server if
there is one. \`receipts verify\` needs no database: only the receipt file and the JWKS.`;

async function main(argv: string[]): Promise<number> {
  const command = commands.find((candidate) =>
    candidate.path.every((word, index) => argv[index] === word),
  );
  if (!command) {
    console.error(usage);
    return argv.length === 0 || argv[0] === "help" ? 0 : 2;
  }
  const args = argv.slice(command.path.length);
  const exitCode = (result: unknown) => (typeof result === "number" ? result : 0);
  if (command.database === false) return exitCode(await command.run(args));
  // Loaded only for commands that use a database, so offline ones never touch one.
  const { ensureDatabase } = await import("@/db/ensure");
  const { closeDatabase } = await import("@/db/client");
  const database = await ensureDatabase("cli");
  try {
    return exitCode(await command.run(args));
  } finally {
    await closeDatabase();
    await database.embedded?.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(
      error instanceof ApiError || error instanceof UsageError ? `error: ${error.message}` : error,
    );
    process.exit(1);
  },
);
