import { config } from "@/config";

/** The currencies this deployment accepts (`CURRENCIES`). */
export const configuredCurrencies = (): string[] => config().CURRENCIES;

/** The largest amount value the API accepts: 10^15 minor units (a safe integer, hashable exactly). */
export const maxAmountValue = 1_000_000_000_000_000;
