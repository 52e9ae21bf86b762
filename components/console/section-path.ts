import type { TEnvironment } from "@/lib/environment";

/**
 * The console path of the current section (`/console/<environment>/<section>`) in an
 * environment: where a switch of environment or organization lands, since a detail page's id
 * belongs to one environment of one organization.
 */
export function sectionPathIn(pathname: string, environment: TEnvironment) {
  const section = pathname.split("/")[3];
  return `/console/${environment}${section ? `/${section}` : ""}`;
}
