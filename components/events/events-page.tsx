"use client";

import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { queryKeys, type TEventEnvelope } from "../console/api";
import {
  FilterBar,
  filterBinder,
  SelectFilter,
  TextFilter,
  trimmedQuery,
} from "../console/filter-bar";
import { NavIcon } from "../console/nav-icon";
import { PagedTable } from "../console/paged-table";
import { useFilteredList } from "../console/use-filtered-list";
import { PageHeader } from "../ui/page-header";
import { EmptyState, NoMatches } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";

type TFilters = { type: string; objectId: string };
const noFilters: TFilters = { type: "", objectId: "" };

/** The id of the resource an event carries, when it has one. */
export function objectIdOf(event: TEventEnvelope): string | null {
  const object = event.data.object as { id?: unknown } | null;
  return typeof object?.id === "string" ? object.id : null;
}

export function EventsPage({
  environment,
  eventTypes,
}: {
  environment: TEnvironment;
  eventTypes: readonly string[];
}) {
  const { filters, change, list, filtered } = useFilteredList<TEventEnvelope, TFilters>({
    defaults: noFilters,
    // A type from a link that names none the service knows is left out, as "any type".
    toQuery: (current) =>
      trimmedQuery(
        current,
        eventTypes.includes(current.type) ? ["type", "objectId"] : ["objectId"],
      ),
    queryKey: (query) => queryKeys.events(environment, query),
    path: "/api/console/events",
    environment,
  });
  const field = filterBinder(filters, change);
  return (
    <>
      <PageHeader
        title="Events"
        description="Every change the service recorded in the last 30 days, as webhooks receive it."
      />
      <FilterBar filtered={filtered} onClear={() => change(noFilters)}>
        <SelectFilter label="Type" options={eventTypes} {...field("type")} />
        <TextFilter label="Object" placeholder="stl-…, agent-…" {...field("objectId")} />
      </FilterBar>
      <PagedTable
        list={list}
        columns={["Event", "Type", "Object", "Created"]}
        empty={
          filtered ? (
            <NoMatches things="events" icon={<NavIcon name="events" />} />
          ) : (
            <EmptyState icon={<NavIcon name="events" />} title={`No ${environment} events yet`}>
              Events appear as agents, negotiations, settlements and receipts change.
            </EmptyState>
          )
        }
        row={(event) => (
          <tr data-testid="event-row" data-event-id={event.id}>
            <td>
              <Link
                href={`/console/${environment}/events/${event.id}`}
                className={`${ui.rowLink} ${ui.mono}`}
              >
                {event.id}
              </Link>
            </td>
            <td className={ui.mono}>{event.type}</td>
            <td className={ui.mono}>{objectIdOf(event) ?? "—"}</td>
            <td>
              <Time value={event.createdAt} />
            </td>
          </tr>
        )}
      />
    </>
  );
}
