/** An amount in minor units as the currency writes it ("$12.50"); unknown codes fall back. */
export function formatMoney({ value, currency }: { value: number; currency: string }): string {
  try {
    const format = new Intl.NumberFormat("en-US", { style: "currency", currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(value / 10 ** digits);
  } catch {
    return `${value} ${currency}`;
  }
}
