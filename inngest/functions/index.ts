import type { InngestFunction } from "inngest";
import { config } from "@/config";
import { completeReversal } from "./complete-reversal";
import { deliverWebhook } from "./deliver-webhook";
import { diagnosticFunctions } from "./diagnostic";
import { executeSettlement } from "./execute-settlement";
import { expireNegotiationFunction } from "./expire-negotiation";
import { retainData } from "./retain-data";
import { sealReceipts } from "./seal-receipts";

/** Every Inngest function the app serves at /api/inngest. */
export const functions: InngestFunction.Any[] = [
  executeSettlement,
  expireNegotiationFunction,
  sealReceipts,
  deliverWebhook,
  completeReversal,
  retainData,
  ...(config().JOBS_TEST_FUNCTIONS ? diagnosticFunctions : []),
];
