import type { SettlementRow } from "@/db/schema";
import type { TRailRequest } from "@/lib/rails/types";

export const railRequestOf = (settlement: SettlementRow): TRailRequest => ({
  settlementId: settlement.id,
  environment: settlement.environment,
  amount: { value: settlement.amountValue, currency: settlement.currency },
  parties: settlement.parties,
});
