const defaultCurrencies = ["USD", "EUR", "GBP", "JPY"];

/** The currencies this deployment accepts (`CURRENCIES`, comma separated ISO 4217 codes). */
export function configuredCurrencies(): string[] {
  const configured = process.env.CURRENCIES?.split(",")
    .map((code) => code.trim().toUpperCase())
    .filter((code) => /^[A-Z]{3}$/.test(code));
  return configured?.length ? configured : defaultCurrencies;
}

/** The largest amount value the API accepts: 10^15 minor units (a safe integer, hashable exactly). */
export const maxAmountValue = 1_000_000_000_000_000;
