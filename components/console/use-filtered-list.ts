"use client";

import { useState } from "react";
import { usePagedList } from "./use-paged-list";

/**
 * A console list behind a filter bar: the filters as typed, the query they make, and the paged
 * list of that query. A changed filter starts again from the first page.
 */
export function useFilteredList<T, F extends Record<string, string>>({
  initial,
  toQuery,
  queryKey,
  path,
  environment,
}: {
  initial: F;
  /** The list route's query parameters for these filters (empty ones left out). */
  toQuery: (filters: F) => Record<string, string>;
  queryKey: (query: Record<string, string>) => readonly unknown[];
  path: string;
  environment: string;
}) {
  const [filters, setFilters] = useState(initial);
  const query = toQuery(filters);
  const list = usePagedList<T>({
    queryKey: queryKey(query),
    path,
    params: { environment, ...query },
  });
  const change = (patch: Partial<F>) => {
    setFilters((current) => ({ ...current, ...patch }));
    list.pager.reset();
  };
  return { filters, change, list, filtered: Object.keys(query).length > 0 };
}
