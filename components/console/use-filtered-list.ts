"use client";

import { usePagedList } from "./use-paged-list";
import { useUrlFilters } from "./use-url-filters";

/**
 * A console list behind a filter bar: the filters as typed (kept in the URL), the query they
 * make, and the paged list of that query.
 */
export function useFilteredList<T, F extends Record<string, string>>({
  defaults,
  toQuery,
  queryKey,
  path,
  environment,
}: {
  defaults: F;
  /** The list route's query parameters for these filters (empty ones left out). */
  toQuery: (filters: F) => Record<string, string>;
  queryKey: (query: Record<string, string>) => readonly unknown[];
  path: string;
  environment: string;
}) {
  const { filters, change } = useUrlFilters(defaults);
  const query = toQuery(filters);
  const list = usePagedList<T>({
    queryKey: queryKey(query),
    path,
    params: { environment, ...query },
  });
  return { filters, change, list, filtered: Object.keys(query).length > 0 };
}
