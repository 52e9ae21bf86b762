import { z } from "zod";
import { ZListAgentsQuery } from "@/lib/agents/schemas";
import { ZScopes } from "@/lib/auth/scopes";
import { environments } from "@/lib/environment";
import { ZListEventsQuery } from "@/lib/events/schemas";
import { ZRollOverlap } from "@/lib/keys/roll-overlaps";
import { ZWalletQuery } from "@/lib/ledger/schemas";
import { ZListNegotiationsQuery } from "@/lib/negotiations/schemas";
import { ZListReceiptsQuery } from "@/lib/receipts/schemas";
import { ZListRequestLogsQuery } from "@/lib/request-logs/schemas";
import { ZListSettlementsQuery, ZSettlementStatsQuery } from "@/lib/settlements/schemas";

import {
  ZListDeliveriesQuery,
  ZListWebhooksQuery,
  ZRetryFailedDeliveriesBody,
} from "@/lib/webhooks/endpoints/schemas";

export const ZConsoleEnvironment = z.enum(environments);

export const ZEnvironmentQuery = z.strictObject({ environment: ZConsoleEnvironment });

export const ZIdParams = z.object({ id: z.string().min(1).max(64) });

const ZKeyName = z.string().trim().min(1, "name the key").max(100);

const maxKeyLifetimeMs = 5 * 365 * 86_400_000;

/** When a new key stops working: a moment in the next five years, or null for never. */
const ZKeyExpiry = z.iso
  .datetime({ offset: true, error: "an ISO 8601 date and time, like 2027-01-31T00:00:00Z" })
  .transform((value) => new Date(value))
  .refine((date) => date.getTime() > Date.now(), "must be in the future")
  .refine((date) => date.getTime() <= Date.now() + maxKeyLifetimeMs, "must be within five years")
  .nullable()
  .default(null);

export const ZCreateKeyBody = z.strictObject({
  name: ZKeyName,
  environment: ZConsoleEnvironment,
  scopes: ZScopes,
  expiresAt: ZKeyExpiry,
});

export const ZRenameKeyBody = z.strictObject({ name: ZKeyName });

export const ZRollKeyBody = z.strictObject({ overlap: ZRollOverlap });

export const ZConsoleAgentsQuery = ZListAgentsQuery.extend({ environment: ZConsoleEnvironment });

const withEnvironment = { environment: ZConsoleEnvironment };

export const ZConsoleReceiptsQuery = ZListReceiptsQuery.extend(withEnvironment);
export const ZConsoleNegotiationsQuery = ZListNegotiationsQuery.extend(withEnvironment);
export const ZConsoleSettlementsQuery = ZListSettlementsQuery.extend(withEnvironment);
export const ZConsoleWebhooksQuery = ZListWebhooksQuery.extend(withEnvironment);
export const ZConsoleEventsQuery = ZListEventsQuery.extend(withEnvironment);
export const ZConsoleRequestLogsQuery = ZListRequestLogsQuery.extend(withEnvironment);
export const ZConsoleDeliveriesQuery = ZListDeliveriesQuery.extend(withEnvironment);
export const ZConsoleWalletQuery = ZWalletQuery.extend(withEnvironment);
export const ZConsoleSettlementStatsQuery = ZSettlementStatsQuery.extend(withEnvironment);

export const ZConsoleFailedDeliveriesQuery = ZRetryFailedDeliveriesBody.extend(withEnvironment);

export const ZDeliveryParams = z.object({
  id: z.string().min(1).max(64),
  deliveryId: z.string().min(1).max(64),
});

const ZDays = z.coerce.number().int().min(1).max(90).default(14);

export const ZUsageQuery = z.strictObject({ ...withEnvironment, days: ZDays });

export const ZKeyUsageQuery = z.strictObject({ days: ZDays });

export const ZConsoleSearchQuery = ZEnvironmentQuery.extend({
  q: z.string().trim().min(1).max(64),
});
