"use client";

import { useState } from "react";

/**
 * Keyset paging: the cursors of the pages before the current one, so "Previous" needs no
 * backwards API. `reset` goes back to the first page (when a filter changes).
 */
export function usePager() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    cursor: cursors.at(-1) ?? null,
    pageNumber: cursors.length,
    next: (cursor: string | null) => setCursors((list) => [...list, cursor]),
    previous: () => setCursors((list) => (list.length > 1 ? list.slice(0, -1) : list)),
    reset: () => setCursors([null]),
  };
}
