import { z } from "zod";
import { ledgerMovementKinds } from "@/db/schema";
import { listResponse, ZListQuery } from "@/lib/http/pagination";
import { ZAmount } from "@/lib/money/schemas";

export const ZWalletQuery = z.strictObject({ ...ZListQuery.shape });

export const ZLedgerEntry = z
  .object({
    id: z.string(),
    transferId: z.string(),
    kind: z
      .enum(ledgerMovementKinds)
      .meta({ description: "fund (sandbox funding), execute (a settlement), reverse." }),
    reference: z.string().meta({ description: "The settlement id, or the funding's own id." }),
    currency: z.string(),
    amount: z.number().int().meta({ description: "Minor units; negative when money left." }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "LedgerEntry" });
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

export const ZWallet = z
  .object({
    agentId: z.string(),
    balances: z.array(z.object({ currency: z.string(), balance: z.number().int() })),
    entries: listResponse(ZLedgerEntry, "LedgerEntryList"),
  })
  .meta({ id: "Wallet" });
export type TWallet = z.infer<typeof ZWallet>;

export const ZFundWalletBody = z
  .strictObject({ amount: ZAmount })
  .meta({ id: "FundWalletRequest" });
