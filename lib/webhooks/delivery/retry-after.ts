/**
 * Milliseconds to wait according to a `Retry-After` header: delay seconds (`120`) or an HTTP
 * date (`Wed, 21 Oct 2026 07:28:00 GMT`). A date in the past is 0; anything else is undefined.
 */
export function parseRetryAfter({
  value,
  now = new Date(),
}: {
  value: string | undefined;
  now?: Date;
}): number | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (/^\d+$/.test(trimmed)) {
    const seconds = Number(trimmed);
    return Number.isSafeInteger(seconds) ? seconds * 1000 : undefined;
  }
  // An HTTP date starts with a weekday; this keeps Date.parse away from other spellings.
  if (!/^[A-Za-z]{3,9},?\s/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}
