/**
 * An amount in minor units as people read it in messages: `2,500.00 USD` for 250000 USD,
 * `1,000 JPY` for 1000 JPY (the currency's own number of decimals). Currencies Intl does not
 * know keep two decimals.
 */
export function formatMoney(value: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  const number = new Intl.NumberFormat("en-US", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value / 10 ** decimals);
  return `${number} ${currency}`;
}

function currencyDecimals(currency: string): number {
  try {
    return (
      new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}
