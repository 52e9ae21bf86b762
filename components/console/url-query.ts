"use client";

/**
 * Writes query parameters into the page's URL without a navigation; Next.js keeps
 * `useSearchParams` in step. `push` adds a history entry (Back returns to the URL before),
 * `replace` does not. An empty string or null removes a parameter; an array repeats it. Each
 * write starts from the current URL, so writes made one after another all take effect.
 */
export function writeUrlQuery(
  mode: "push" | "replace",
  patch: Record<string, string | readonly string[] | null | undefined>,
) {
  const search = new URLSearchParams(window.location.search);
  for (const [name, value] of Object.entries(patch)) {
    search.delete(name);
    for (const item of [value ?? []].flat()) if (item) search.append(name, item);
  }
  const query = search.toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`;
  if (mode === "push") window.history.pushState(null, "", url);
  else window.history.replaceState(null, "", url);
}
