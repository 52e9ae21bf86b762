import { EventDetail } from "@/components/events/event-detail";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Event" };

export default async function Event({
  params,
}: {
  params: Promise<{ environment: string; id: string }>;
}) {
  const environment = await environmentParam(params);
  const { id } = await params;
  await requireMember(`/console/${environment}/events/${encodeURIComponent(id)}`);
  return <EventDetail environment={environment} eventId={id} />;
}
