/**
 * Whether a request target's path has a `%` that does not start a valid UTF-8 percent-encoding
 * (`/v1/agents/%`, `/%zz`): such a path names nothing, and Next.js answers it with a bare 500.
 */
export function isMalformedPath(target: string): boolean {
  const path = target.split("?")[0] ?? "";
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}
