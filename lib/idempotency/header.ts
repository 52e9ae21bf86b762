import { invalid } from "@/lib/http/api-error";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const MAX_LENGTH = 255;

/** The request's Idempotency-Key, if it sent one: 1 to 255 printable ASCII characters. */
export function readIdempotencyKey(request: Request): string | undefined {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return undefined;
  if (key.length === 0 || key.length > MAX_LENGTH || !/^[\x20-\x7e]+$/.test(key)) {
    throw invalid(
      `${IDEMPOTENCY_HEADER} must be 1 to ${MAX_LENGTH} printable ASCII characters.`,
      IDEMPOTENCY_HEADER,
    );
  }
  return key;
}
