import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { events } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { notFound } from "@/lib/http/api-error";
import { withinRetention } from "./retention";

export async function getEventOrThrow({ tenant, eventId }: { tenant: TTenant; eventId: string }) {
  const [event] = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.id, eventId),
        eq(events.organizationId, tenant.organizationId),
        eq(events.environment, tenant.environment),
        withinRetention(),
      ),
    );
  if (!event) throw notFound("event", eventId);
  return event;
}
