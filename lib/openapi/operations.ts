import { agentCardOperations } from "@/lib/agent-cards/operations";
import { agentKeyOperations } from "@/lib/agent-keys/operations";
import { agentOperations } from "@/lib/agents/operations";
import { attestLogOperations } from "@/lib/attest-log/operations";
import { eventOperations } from "@/lib/events/operations";
import type { TOperation } from "@/lib/http/operation";
import { walletOperations } from "@/lib/ledger/operations";
import { meOperations } from "@/lib/me/operations";
import { negotiationOperations } from "@/lib/negotiations/operations";
import { attestOperations } from "@/lib/receipts/attest-operations";
import { receiptOperations } from "@/lib/receipts/operations";
import { settlementOperations } from "@/lib/settlements/operations";
import { tokenOperations } from "@/lib/tokens/operations";
import { webhookOperations } from "@/lib/webhooks/operations";
import { x402Operations } from "@/lib/x402/operations";

/** Every /v1 operation, in the order the reference presents them. */
export const allOperations: TOperation[] = [
  ...agentOperations,
  ...agentKeyOperations,
  ...agentCardOperations,
  ...walletOperations,
  ...meOperations,
  ...tokenOperations,
  ...negotiationOperations,
  ...settlementOperations,
  ...webhookOperations,
  ...eventOperations,
  ...receiptOperations,
  ...attestOperations,
  ...attestLogOperations,
  ...x402Operations,
];
