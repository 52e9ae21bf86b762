"use client";

import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import { queryKeys, type TEventEnvelope } from "../console/api";
import { NavIcon } from "../console/nav-icon";
import { PagedTable } from "../console/paged-table";
import { useFilteredList } from "../console/use-filtered-list";
import { PageHeader } from "../ui/page-header";
import { EmptyState } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";

type TFilters = { type: string; objectId: string };

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
    defaults: { type: "", objectId: "" },
    toQuery: (current) => {
      const query: Record<string, string> = {};
      // A type from a link that names none the service knows is left out, as "any type".
      if (eventTypes.includes(current.type)) query.type = current.type;
      if (current.objectId.trim()) query.objectId = current.objectId.trim();
      return query;
    },
    queryKey: (query) => queryKeys.events(environment, query),
    path: "/api/console/events",
    environment,
  });
  return (
    <>
      <PageHeader
        title="Events"
        description="Every change the service recorded in the last 30 days, as webhooks receive it."
      />
      <form
        className={ui.filters}
        aria-label="Filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <label>
          Type
          <select
            className={ui.input}
            value={filters.type}
            onChange={(event) => change({ type: event.target.value })}
          >
            <option value="">Any</option>
            {eventTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <label>
          Object
          <input
            className={ui.input}
            placeholder="stl-…, agent-…"
            value={filters.objectId}
            onChange={(event) => change({ objectId: event.target.value })}
          />
        </label>
        {filtered ? (
          <button
            type="button"
            className={ui.button}
            onClick={() => change({ type: "", objectId: "" })}
          >
            Clear filters
          </button>
        ) : null}
      </form>
      <PagedTable
        list={list}
        columns={["Event", "Type", "Object", "Created"]}
        empty={
          <EmptyState
            icon={<NavIcon name="events" />}
            title={filtered ? "No events match these filters" : `No ${environment} events yet`}
          >
            {filtered
              ? "Change or clear the filters."
              : "Events appear as agents, negotiations, settlements and receipts change."}
          </EmptyState>
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
