import type { Command } from "commander";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { agents } from "@/db/schema";
import { getWallets } from "@/lib/ledger/get-wallets";
import { printJson, wantsJson } from "../output";

export const walletsShow = (wallets: Command) =>
  wallets
    .command("show")
    .description("an agent's ledger wallets and balances")
    .requiredOption("--agent <agent-id>", "the agent")
    .action(async (options: { agent: string }, command: Command) => {
      const [agent] = await db.select().from(agents).where(eq(agents.id, options.agent));
      if (!agent) throw new Error(`no agent ${options.agent}`);
      const list = await getWallets({ environment: agent.environment, agentId: agent.id });
      if (wantsJson(command)) return printJson(list);
      if (list.length === 0) console.log("no wallets");
      for (const wallet of list) console.log(`${wallet.id}\t${wallet.balance}\t${wallet.currency}`);
    });
