import { z } from "zod";
import { configuredCurrencies, maxAmountValue } from "./currencies";

export const ZAmountValue = z.number().int().positive().max(maxAmountValue).meta({
  description: "Positive integer in the currency's minor unit (cents, whole yen).",
  example: 10000,
});

export const ZCurrency = z
  .string()
  .refine((code) => configuredCurrencies().includes(code), {
    error: () => `must be one of ${configuredCurrencies().join(", ")}`,
  })
  .meta({
    description: "ISO 4217 code from the configured list (default USD, EUR, GBP, JPY).",
    example: "USD",
  });

export const ZAmount = z
  .strictObject({ value: ZAmountValue, currency: ZCurrency })
  .meta({ id: "Amount", description: "An amount of money: minor units and currency." });

export type TAmount = z.infer<typeof ZAmount>;

export const ZParty = z
  .object({
    agentId: z.string(),
    role: z.enum(["initiator", "responder"]),
    amount: z.number().int().meta({
      description: "The initiator pays the whole amount; each responder receives its share.",
    }),
  })
  .meta({ id: "Party" });
