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

/** "12.50" in USD is 1250 minor units; null for text that is not a positive amount of it. */
export function toMinorUnits(text: string, currency: string): number | null {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    return null;
  }
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text.trim());
  if (!match || (match[2] ?? "").length > digits) return null;
  const value = Number(match[1]) * 10 ** digits + Number((match[2] ?? "").padEnd(digits, "0") || 0);
  return value > 0 ? value : null;
}
