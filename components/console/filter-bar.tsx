"use client";

import type { ReactNode } from "react";
import ui from "../ui/ui.module.css";

/** A filter's value and its setter, as `filterBinder` makes them. */
type TBound = { value: string; onChange: (value: string) => void };

/** Binds the filters' fields to filter controls: `<TextFilter {...field("path")} />`. */
export const filterBinder =
  <F extends Record<string, string>>(filters: F, change: (patch: Partial<F>) => void) =>
  (name: keyof F & string): TBound => ({
    value: filters[name] ?? "",
    onChange: (value) => change({ [name]: value } as Partial<F>),
  });

/** The filters named, trimmed, empty ones left out: a list route's query. */
export function trimmedQuery<F extends Record<string, string>>(
  filters: F,
  names: readonly (keyof F & string)[],
): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of names) if (filters[name]?.trim()) query[name] = filters[name].trim();
  return query;
}

/**
 * A creation range in local calendar days as the instants a list route takes: from the start of
 * the first day to the end of the last, in the browser's time zone; an empty day is left out.
 */
export function createdRangeQuery({
  createdAfter,
  createdBefore,
}: {
  createdAfter: string;
  createdBefore: string;
}): Record<string, string> {
  const query: Record<string, string> = {};
  if (createdAfter) query.createdAfter = new Date(`${createdAfter}T00:00`).toISOString();
  if (createdBefore) {
    const end = new Date(`${createdBefore}T00:00`);
    end.setDate(end.getDate() + 1);
    query.createdBefore = end.toISOString();
  }
  return query;
}

/** A list's filter form: its controls, Clear while any filter is set, then `after`. */
export function FilterBar({
  filtered,
  onClear,
  after,
  children,
}: {
  filtered: boolean;
  onClear: () => void;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form className={ui.filters} aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      {children}
      {filtered ? (
        <button type="button" className={ui.button} onClick={onClear}>
          Clear filters
        </button>
      ) : null}
      {after}
    </form>
  );
}

export function TextFilter({
  label,
  placeholder,
  type,
  value,
  onChange,
}: TBound & { label: string; placeholder?: string; type?: "search" | "date" }) {
  return (
    <label>
      {label}
      <input
        type={type}
        className={ui.input}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** A creation day (an `<input type="date">`). */
export const DayFilter = (props: TBound & { label: string }) => (
  <TextFilter {...props} type="date" />
);

/** A choice among `options` (a value, or a value and its label), or Any. */
export function SelectFilter({
  label,
  options,
  value,
  onChange,
}: TBound & { label: string; options: readonly (string | { value: string; label: string })[] }) {
  return (
    <label>
      {label}
      <select className={ui.input} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any</option>
        {options.map((option) => {
          const { value: optionValue, label: optionLabel } =
            typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          );
        })}
      </select>
    </label>
  );
}
