/** The URL parameter that holds a console list's paging (components/console/use-pager.ts). */
export const CURSOR_PARAM = "cursor";

/**
 * A React key for a filtered console list, from the page's query: a link to the same page with
 * other filters opens the list afresh (its filters are read from the URL when it mounts), while
 * paging, which the list itself writes into the URL, keeps it mounted.
 */
export function filtersKey(query: Record<string, string | string[] | undefined>): string {
  const filters = new URLSearchParams();
  for (const [name, value] of Object.entries(query).sort(([a], [b]) => a.localeCompare(b)))
    if (name !== CURSOR_PARAM) for (const item of [value ?? []].flat()) filters.append(name, item);
  return filters.toString();
}
