import type { InngestFunction } from "inngest";
import { config } from "@/config";
import { alertFailingEndpoint } from "./alert-failing-endpoint";
import { completeReversal } from "./complete-reversal";
import { deliverWebhooks } from "./deliver-webhooks";
import { diagnosticFunctions } from "./diagnostic";
import { executeSettlement } from "./execute-settlement";
import { expireNegotiationFunction } from "./expire-negotiation";
import { requeueOverdueDeliveriesFunction } from "./requeue-overdue-deliveries";
import { resolveStalledExecutionsFunction } from "./resolve-stalled-executions";
import { retainData } from "./retain-data";
import { retrySettlementExecution } from "./retry-settlement-execution";
import { retryWebhookDelivery } from "./retry-webhook-delivery";
import { sealReceipts } from "./seal-receipts";

/** Every Inngest function the app serves at /api/inngest. */
export const functions: InngestFunction.Any[] = [
  executeSettlement,
  retrySettlementExecution,
  resolveStalledExecutionsFunction,
  expireNegotiationFunction,
  sealReceipts,
  deliverWebhooks,
  retryWebhookDelivery,
  requeueOverdueDeliveriesFunction,
  completeReversal,
  retainData,
  alertFailingEndpoint,
  ...(config().JOBS_TEST_FUNCTIONS ? diagnosticFunctions : []),
];
