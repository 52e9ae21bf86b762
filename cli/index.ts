import { Command } from "commander";
import { attestMonitor } from "./commands/attest-monitor";
import { attestRotateKey } from "./commands/attest-rotate-key";
import { attestSeal } from "./commands/attest-seal";
import { attestWitness } from "./commands/attest-witness";
import { jwtRotate } from "./commands/jwt-rotate";
import { keysCreate } from "./commands/keys-create";
import { keysList } from "./commands/keys-list";
import { keysRevoke } from "./commands/keys-revoke";
import { keysRoll } from "./commands/keys-roll";
import { listen } from "./commands/listen";
import { mcp } from "./commands/mcp";
import { orgCreate } from "./commands/org-create";
import { orgList } from "./commands/org-list";
import { receiptsVerify } from "./commands/receipts-verify";
import { secretsReseal } from "./commands/secrets-reseal";
import { walletsFund } from "./commands/wallets-fund";
import { walletsShow } from "./commands/wallets-show";
import { closeDatabase, openDatabase } from "./database";
import { reportFailure } from "./output";

// Set before the subcommands exist, which inherit them: errors reach reportFailure as one line.
const program = new Command("npm run cli --")
  .description(
    "Operator commands. Uses DATABASE_URL when set; otherwise the embedded database, through the running server if there is one.",
  )
  .option("--json", "machine-readable output: one JSON document on stdout (listen: JSON lines)")
  .configureHelp({ showGlobalOptions: true })
  .configureOutput({ outputError: () => {} })
  .exitOverride();

const group = (name: string, description: string) => program.command(name).description(description);

const org = group("org", "create and list organizations");
orgCreate(org);
orgList(org);
const keys = group("keys", "create, list, roll and revoke API keys");
keysCreate(keys);
keysList(keys);
keysRoll(keys);
keysRevoke(keys);
jwtRotate(group("jwt", "rotate the agent token signing key"));
secretsReseal(group("secrets", "re-seal the stored secrets after rotating their key"));
const wallets = group("wallets", "fund and show sandbox ledger wallets");
walletsFund(wallets);
walletsShow(wallets);
const attest = group("attest", "seal, rotate the key of, monitor and witness the attest log");
attestSeal(attest);
attestRotateKey(attest);
// Offline commands run without opening any database.
const offline = new Set<Command>([
  attestMonitor(attest),
  attestWitness(attest),
  receiptsVerify(group("receipts", "verify exported receipts")),
  mcp(program),
  listen(program),
]);

program.hook("preAction", async (_program, action) => {
  if (!offline.has(action)) await openDatabase();
});

async function main(argv: string[]): Promise<number> {
  try {
    await program.parseAsync(argv, { from: "user" });
    return Number(process.exitCode ?? 0);
  } catch (error) {
    return reportFailure(error);
  } finally {
    await closeDatabase();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => process.exit(reportFailure(error)),
);
