import { EventsPage } from "@/components/events/events-page";
import { environmentParam, requireMember } from "@/lib/console/require-member";
import { eventTypes } from "@/lib/events/types";

export const metadata = { title: "Events" };

const single = (value: string | string[] | undefined) => (typeof value === "string" ? value : "");

export default async function Events({
  params,
  searchParams,
}: {
  params: Promise<{ environment: string }>;
  searchParams: Promise<{ type?: string | string[]; objectId?: string | string[] }>;
}) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/events`);
  const search = await searchParams;
  const type = single(search.type);
  const initial = {
    type: (eventTypes as readonly string[]).includes(type) ? type : "",
    objectId: single(search.objectId),
  };
  // Keyed by the filters so that a link to other filters starts from them.
  return (
    <EventsPage
      key={`${initial.type}|${initial.objectId}`}
      environment={environment}
      eventTypes={eventTypes}
      initial={initial}
    />
  );
}
