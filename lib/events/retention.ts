import { gt } from "drizzle-orm";
import { events } from "@/db/schema";

/** Events are kept, and shown, for 30 days. */
export const eventRetentionMs = 30 * 24 * 60 * 60 * 1000;

export const withinRetention = (now = new Date()) =>
  gt(events.createdAt, new Date(now.getTime() - eventRetentionMs));
