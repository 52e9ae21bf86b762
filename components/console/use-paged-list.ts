"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { consoleFetch, type TPage } from "./api";
import { usePager } from "./use-pager";

const PAGE_SIZE = 20;

/**
 * One page of a console list route (`/api/console/...`) at a time, with keyset paging: the
 * previous page stays on screen while the next loads. `queryKey` names the list (and its
 * filters); the page's cursor is appended to it.
 */
export function usePagedList<T>({
  queryKey,
  path,
  params,
}: {
  queryKey: readonly unknown[];
  path: string;
  params: Record<string, string>;
}) {
  const pager = usePager();
  const query = useQuery({
    queryKey: [...queryKey, pager.cursor],
    queryFn: () => {
      const search = new URLSearchParams({ ...params, limit: String(PAGE_SIZE) });
      if (pager.cursor) search.set("cursor", pager.cursor);
      return consoleFetch<TPage<T>>(`${path}?${search}`);
    },
    placeholderData: keepPreviousData,
  });
  return { pager, query };
}

export type TPagedList<T> = ReturnType<typeof usePagedList<T>>;
