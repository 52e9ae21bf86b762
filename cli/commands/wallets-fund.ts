import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { agents } from "@/db/schema";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { ZAmountValue, ZCurrency } from "@/lib/money/schemas";
import { type TCliCommand, UsageError } from "../command";

export const walletsFund: TCliCommand = {
  path: ["wallets", "fund"],
  usage: "wallets fund --agent <agent-id> --amount <minor units> --currency <code>",
  summary: "fund a sandbox agent's ledger wallet",
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        agent: { type: "string" },
        amount: { type: "string" },
        currency: { type: "string" },
      },
    });
    if (!values.agent) throw new UsageError("--agent is required");
    const amount = ZAmountValue.safeParse(Number(values.amount));
    if (!amount.success) throw new UsageError("--amount must be a positive integer (minor units)");
    const currency = ZCurrency.safeParse(values.currency ?? "USD");
    if (!currency.success) throw new UsageError(`--currency ${currency.error.issues[0]?.message}`);
    const [agent] = await db.select().from(agents).where(eq(agents.id, values.agent));
    if (!agent || agent.deletedAt) throw new UsageError(`no agent ${values.agent}`);
    if (agent.environment !== "sandbox")
      throw new UsageError(
        "wallets are funded only in sandbox; production money comes from a real rail",
      );
    const funded = await fundWallet({
      environment: agent.environment,
      agentId: agent.id,
      amount: amount.data,
      currency: currency.data,
    });
    console.log(`${funded.walletId}\t${agent.id}\t${funded.balance}\t${funded.currency}`);
  },
};
