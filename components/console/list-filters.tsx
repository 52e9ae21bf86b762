"use client";

import ui from "../ui/ui.module.css";

/** The filters most lists share: a status and a creation date range (local calendar days). */
export type TListFilters = { status: string; createdAfter: string; createdBefore: string };

/** The id filter a list may add, named as the list route's parameter (`settlementId`, …). */
type TIdFilter<F> = { name: keyof F & string; label: string; placeholder: string };

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The list route's query for these filters, empty ones left out: the id trimmed, the days
 * turned into instants (from the start of the first day to the end of the last, in the
 * browser's time zone).
 */
export function listFilterQuery<F extends TListFilters & Record<string, string>>(
  filters: F,
  idName?: keyof F & string,
): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.status) query.status = filters.status;
  const id = idName ? filters[idName]?.trim() : "";
  if (idName && id) query[idName] = id;
  if (filters.createdAfter)
    query.createdAfter = new Date(`${filters.createdAfter}T00:00`).toISOString();
  if (filters.createdBefore) {
    const end = new Date(`${filters.createdBefore}T00:00`);
    end.setDate(end.getDate() + 1);
    query.createdBefore = end.toISOString();
  }
  return query;
}

/** The filter bar of a list: status, an optional id, created from and to, and Clear. */
export function ListFilters<F extends TListFilters & Record<string, string>>({
  filters,
  change,
  defaults,
  filtered,
  statuses,
  idFilter,
}: {
  filters: F;
  change: (patch: Partial<F>) => void;
  defaults: F;
  filtered: boolean;
  statuses: readonly string[];
  idFilter?: TIdFilter<F>;
}) {
  const set = (name: keyof F & string) => (event: { target: { value: string } }) =>
    change({ [name]: event.target.value } as Partial<F>);
  return (
    <form className={ui.filters} aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      <label>
        Status
        <select className={ui.input} value={filters.status} onChange={set("status")}>
          <option value="">Any</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {capitalized(status)}
            </option>
          ))}
        </select>
      </label>
      {idFilter ? (
        <label>
          {idFilter.label}
          <input
            className={ui.input}
            placeholder={idFilter.placeholder}
            value={filters[idFilter.name]}
            onChange={set(idFilter.name)}
          />
        </label>
      ) : null}
      <label>
        Created from
        <input
          type="date"
          className={ui.input}
          value={filters.createdAfter}
          onChange={set("createdAfter")}
        />
      </label>
      <label>
        Created to
        <input
          type="date"
          className={ui.input}
          value={filters.createdBefore}
          onChange={set("createdBefore")}
        />
      </label>
      {filtered ? (
        <button type="button" className={ui.button} onClick={() => change(defaults)}>
          Clear filters
        </button>
      ) : null}
    </form>
  );
}
