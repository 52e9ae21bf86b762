import { type Command, InvalidArgumentError } from "commander";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { agents } from "@/db/schema";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { ZAmountValue, ZCurrency } from "@/lib/money/schemas";
import { printJson, wantsJson } from "../output";

const parseAmount = (value: string) => {
  const amount = ZAmountValue.safeParse(Number(value));
  if (!amount.success) throw new InvalidArgumentError("must be a positive integer (minor units)");
  return amount.data;
};

const parseCurrency = (value: string) => {
  const currency = ZCurrency.safeParse(value);
  if (!currency.success) throw new InvalidArgumentError(`${currency.error.issues[0]?.message}`);
  return currency.data;
};

type TOptions = { agent: string; amount: number; currency: string };

export const walletsFund = (wallets: Command) =>
  wallets
    .command("fund")
    .description("fund a sandbox agent's ledger wallet")
    .requiredOption("--agent <agent-id>", "the agent")
    .requiredOption("--amount <minor units>", "how much, in minor units", parseAmount)
    .option("--currency <code>", "the currency", parseCurrency, "USD")
    .action(async (options: TOptions, command: Command) => {
      const [agent] = await db.select().from(agents).where(eq(agents.id, options.agent));
      if (!agent || agent.deletedAt) throw new Error(`no agent ${options.agent}`);
      if (agent.environment !== "sandbox")
        throw new Error(
          "wallets are funded only in sandbox; production money comes from a real rail",
        );
      const funded = await fundWallet({
        environment: agent.environment,
        agentId: agent.id,
        amount: options.amount,
        currency: options.currency,
      });
      if (wantsJson(command)) return printJson({ agentId: agent.id, ...funded });
      console.log(`${funded.walletId}\t${agent.id}\t${funded.balance}\t${funded.currency}`);
    });
