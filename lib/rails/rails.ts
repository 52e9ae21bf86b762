import { config } from "@/config";
import { ledgerRail } from "./ledger-rail";
import { sandboxRail } from "./sandbox-rail";
import type { TRailAdapter } from "./types";

export const railNames = ["sandbox", "ledger"] as const;
export type TRailName = (typeof railNames)[number];

const rails: Record<TRailName, TRailAdapter> = { sandbox: sandboxRail, ledger: ledgerRail };

export function railOf(name: string): TRailAdapter {
  const rail = rails[name as TRailName];
  if (!rail) throw new Error(`unknown payment rail ${name}`);
  return rail;
}

/** The rail a settlement uses when it names none (`DEFAULT_RAIL`). */
export const defaultRail = (): TRailName => config().DEFAULT_RAIL;
