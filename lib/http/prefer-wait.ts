/** The longest `Prefer: wait` honoured, in seconds; a longer wish waits this long. */
export const MAX_WAIT_SECONDS = 30;

/**
 * The seconds of an RFC 7240 `Prefer: wait=N` header (among other preferences), capped at
 * MAX_WAIT_SECONDS; undefined when the client prefers no wait or the value is unreadable.
 */
export function preferredWaitSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  for (const preference of header.split(",")) {
    const match = /^\s*wait\s*=\s*"?(\d{1,6})"?\s*(;.*)?$/i.exec(preference);
    if (match) return Math.min(Number(match[1]), MAX_WAIT_SECONDS);
  }
  return undefined;
}
