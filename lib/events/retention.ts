import { gt } from "drizzle-orm";
import { events } from "@/db/schema";
import { daysInMs, retentionSettings } from "@/lib/retention/settings";

/** Events are shown for as long as they are kept (RETENTION_EVENTS_DAYS, 30 by default). */
export const withinRetention = (now = new Date()) =>
  gt(
    events.createdAt,
    new Date(now.getTime() - daysInMs(retentionSettings().RETENTION_EVENTS_DAYS)),
  );
