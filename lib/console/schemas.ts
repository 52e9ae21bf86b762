import { z } from "zod";
import { ZListAgentsQuery } from "@/lib/agents/schemas";
import { ZScopes } from "@/lib/auth/scopes";
import { environments } from "@/lib/environment";
import { ZRollOverlap } from "@/lib/keys/roll-overlaps";
import { ZListNegotiationsQuery } from "@/lib/negotiations/schemas";
import { ZListReceiptsQuery } from "@/lib/receipts/schemas";
import { ZListSettlementsQuery } from "@/lib/settlements/schemas";
import {
  ZListDeliveriesQuery,
  ZListWebhooksQuery,
  ZRetryFailedDeliveriesBody,
} from "@/lib/webhooks/endpoints/schemas";

export const ZConsoleEnvironment = z.enum(environments);

export const ZEnvironmentQuery = z.strictObject({ environment: ZConsoleEnvironment });

export const ZIdParams = z.object({ id: z.string().min(1).max(64) });

export const ZCreateKeyBody = z.strictObject({
  name: z.string().trim().min(1, "name the key").max(100),
  environment: ZConsoleEnvironment,
  scopes: ZScopes,
});

export const ZRollKeyBody = z.strictObject({ overlap: ZRollOverlap });

export const ZConsoleAgentsQuery = ZListAgentsQuery.extend({ environment: ZConsoleEnvironment });

const withEnvironment = { environment: ZConsoleEnvironment };

export const ZConsoleReceiptsQuery = ZListReceiptsQuery.extend(withEnvironment);
export const ZConsoleNegotiationsQuery = ZListNegotiationsQuery.extend(withEnvironment);
export const ZConsoleSettlementsQuery = ZListSettlementsQuery.extend(withEnvironment);
export const ZConsoleWebhooksQuery = ZListWebhooksQuery.extend(withEnvironment);
export const ZConsoleDeliveriesQuery = ZListDeliveriesQuery.extend(withEnvironment);

export const ZConsoleFailedDeliveriesQuery = ZRetryFailedDeliveriesBody.extend(withEnvironment);

export const ZDeliveryParams = z.object({
  id: z.string().min(1).max(64),
  deliveryId: z.string().min(1).max(64),
});

export const ZUsageQuery = z.strictObject({
  ...withEnvironment,
  days: z.coerce.number().int().min(1).max(90).default(14),
});
