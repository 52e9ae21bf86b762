"use client";

import { useSearchParams } from "next/navigation";
import { CURSOR_PARAM } from "@/lib/console/filters-key";
import { writeUrlQuery } from "./url-query";

/**
 * Keyset paging kept in the URL: `?cursor=…&cursor=…` lists the cursors that led to the current
 * page, so "Previous" needs no backwards API, a reload or a shared link opens the same page, and
 * Back returns to the page before. A page holds one paged list.
 */
export function usePager() {
  const cursors = useSearchParams().getAll(CURSOR_PARAM);
  return {
    cursor: cursors.at(-1) ?? null,
    pageNumber: cursors.length + 1,
    next: (cursor: string | null) => {
      if (cursor) writeUrlQuery("push", { [CURSOR_PARAM]: [...cursors, cursor] });
    },
    previous: () => writeUrlQuery("push", { [CURSOR_PARAM]: cursors.slice(0, -1) }),
  };
}
