"use client";

import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { CURSOR_PARAM } from "@/lib/console/filters-key";
import { writeUrlQuery } from "./url-query";

/**
 * A list's filters, kept in the URL: read from it when the page opens (so a reload, Back or a
 * shared link shows the same view), written to it as they change (replacing the history entry,
 * not adding one per keystroke). A changed filter starts again from the first page. `defaults`
 * names every filter and its value when the URL has none.
 */
export function useUrlFilters<F extends Record<string, string>>(defaults: F) {
  const search = useSearchParams();
  const [filters, setFilters] = useState<F>(() => {
    const fromUrl = { ...defaults };
    for (const name of Object.keys(defaults) as (keyof F & string)[]) {
      const value = search.get(name);
      if (value !== null) fromUrl[name] = value as F[typeof name];
    }
    return fromUrl;
  });
  const change = (patch: Partial<F>) => {
    setFilters((current) => ({ ...current, ...patch }));
    writeUrlQuery("replace", { ...patch, [CURSOR_PARAM]: null });
  };
  return { filters, change };
}
