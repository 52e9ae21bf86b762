/**
 * The settlement policy in force. A version is immutable: changing a rule means a new version
 * id, so every receipt names exactly the rules it was checked against.
 */
export const standardPolicy = {
  id: "pol-standard@v1",
  currencies: ["USD", "EUR", "GBP", "JPY"],
  /** Per paying agent, in minor units: one settlement, and everything it paid in 24 hours. */
  limits: {
    USD: { perSettlement: 100_000_000, perDay: 500_000_000 },
    EUR: { perSettlement: 100_000_000, perDay: 500_000_000 },
    GBP: { perSettlement: 100_000_000, perDay: 500_000_000 },
    JPY: { perSettlement: 10_000_000_000, perDay: 50_000_000_000 },
  } as Record<string, { perSettlement: number; perDay: number }>,
} as const;
