import { parseTilePath } from "@/lib/attest";

export type TPathSegments = { segments: string[] } | { problem: string };

/** `.` and `..` survive encodeURIComponent, and the URL would climb out of the operation's path. */
const isDotSegment = (segment: string) => segment === "." || segment === "..";

/**
 * The URL segments a tool argument puts in place of a path parameter, checked before any request
 * is made: the caller's credential goes wherever the URL leads. A catch-all parameter (the only
 * one is the log's tile path) takes a list or one slashed string and must be a tile path of the
 * C2SP grammar; any other parameter is one string, never a dot segment.
 */
export function pathSegments({
  name,
  value,
  catchAll,
}: {
  name: string;
  value: unknown;
  catchAll: boolean;
}): TPathSegments {
  if (!catchAll) {
    return typeof value === "string" && value !== "" && !isDotSegment(value)
      ? { segments: [value] }
      : { problem: `'${name}' is required: a string other than '.' and '..'.` };
  }
  const segments = typeof value === "string" ? value.split("/") : value;
  return Array.isArray(segments) &&
    segments.every((segment) => typeof segment === "string") &&
    parseTilePath(segments)
    ? { segments }
    : {
        problem: `'${name}' must be a tile path: <L>/<N>[.p/<W>] or entries/<N>[.p/<W>], N in three-digit groups (x001/x234/067), e.g. 0/000 or entries/001.p/17.`,
      };
}
