"use client";

import {
  createdRangeQuery,
  DayFilter,
  FilterBar,
  filterBinder,
  SelectFilter,
  TextFilter,
  trimmedQuery,
} from "./filter-bar";

/** The filters most lists share: a status and a creation date range (local calendar days). */
export type TListFilters = { status: string; createdAfter: string; createdBefore: string };

/** The id filter a list may add, named as the list route's parameter (`settlementId`, …). */
type TIdFilter<F> = { name: keyof F & string; label: string; placeholder: string };

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The list route's query for these filters, empty ones left out, the id trimmed. */
export function listFilterQuery<F extends TListFilters & Record<string, string>>(
  filters: F,
  idName?: keyof F & string,
): Record<string, string> {
  return {
    ...trimmedQuery(filters, idName ? ["status", idName] : ["status"]),
    ...createdRangeQuery(filters),
  };
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
  const field = filterBinder(filters, change);
  return (
    <FilterBar filtered={filtered} onClear={() => change(defaults)}>
      <SelectFilter
        label="Status"
        options={statuses.map((status) => ({ value: status, label: capitalized(status) }))}
        {...field("status")}
      />
      {idFilter ? (
        <TextFilter
          label={idFilter.label}
          placeholder={idFilter.placeholder}
          {...field(idFilter.name)}
        />
      ) : null}
      <DayFilter label="Created from" {...field("createdAfter")} />
      <DayFilter label="Created to" {...field("createdBefore")} />
    </FilterBar>
  );
}
