import { EventsPage } from "@/components/events/events-page";
import { filtersKey } from "@/lib/console/filters-key";
import { environmentParam, requireMember } from "@/lib/console/require-member";
import { eventTypes } from "@/lib/events/types";

export const metadata = { title: "Events" };

export default async function Events({
  params,
  searchParams,
}: {
  params: Promise<{ environment: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/events`);
  return (
    <EventsPage
      key={filtersKey(await searchParams)}
      environment={environment}
      eventTypes={eventTypes}
    />
  );
}
