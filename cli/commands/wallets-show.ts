import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { agents } from "@/db/schema";
import { getWallets } from "@/lib/ledger/get-wallets";
import { type TCliCommand, UsageError } from "../command";

export const walletsShow: TCliCommand = {
  path: ["wallets", "show"],
  usage: "wallets show --agent <agent-id>",
  summary: "an agent's ledger wallets and balances",
  async run(args) {
    const { values } = parseArgs({ args, options: { agent: { type: "string" } } });
    if (!values.agent) throw new UsageError("--agent is required");
    const [agent] = await db.select().from(agents).where(eq(agents.id, values.agent));
    if (!agent) throw new UsageError(`no agent ${values.agent}`);
    const wallets = await getWallets({ environment: agent.environment, agentId: agent.id });
    if (wallets.length === 0) console.log("no wallets");
    for (const wallet of wallets)
      console.log(`${wallet.id}\t${wallet.balance}\t${wallet.currency}`);
  },
};
