import type { TSettlementRow } from "@/db/schema";
import type { TRailRequest } from "@/lib/rails/types";

export const railRequestOf = (settlement: TSettlementRow): TRailRequest => ({
  settlementId: settlement.id,
  environment: settlement.environment,
  amount: { value: settlement.amountValue, currency: settlement.currency },
  parties: settlement.parties,
});
