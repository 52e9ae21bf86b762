"use client";

import type { TDeliveryFilters } from "../console/api";
import { Button } from "../ui/button";
import ui from "../ui/ui.module.css";

const statuses = ["pending", "delivered", "failed", "cancelled"] as const;

export const noDeliveryFilters: TDeliveryFilters = { status: "", eventType: "" };

/** Status and event type filters of the delivery log. */
export function DeliveryFilters({
  filters,
  eventTypes,
  onChange,
}: {
  filters: TDeliveryFilters;
  eventTypes: readonly string[];
  onChange: (filters: TDeliveryFilters) => void;
}) {
  const filtered = filters.status !== "" || filters.eventType !== "";
  return (
    <div className={ui.filters}>
      <label>
        Status
        <select
          className={ui.input}
          value={filters.status}
          onChange={(event) => onChange({ ...filters, status: event.target.value })}
        >
          <option value="">All statuses</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      <label>
        Event type
        <select
          className={ui.input}
          value={filters.eventType}
          onChange={(event) => onChange({ ...filters, eventType: event.target.value })}
        >
          <option value="">All event types</option>
          {eventTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </label>
      {filtered ? <Button onClick={() => onChange(noDeliveryFilters)}>Clear filters</Button> : null}
    </div>
  );
}
