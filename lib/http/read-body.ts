import { ApiError, invalid } from "./api-error";
import { assertStorableText } from "./storable-text";

export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () =>
  new ApiError({
    code: "payload_too_large",
    message: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
  });

/** The request body as text, refused with 413 past MAX_BODY_BYTES and 400 when not UTF-8. */
export async function readBodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (!request.body) {
    if (declared > MAX_BODY_BYTES) throw tooLarge();
    return "";
  }
  const reader = request.body.getReader();
  if (declared > MAX_BODY_BYTES) {
    discardRest(reader);
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      discardRest(reader);
      throw tooLarge();
    }
    chunks.push(value);
  }
  try {
    return utf8.decode(Buffer.concat(chunks));
  } catch {
    throw invalid("The request body is not valid UTF-8.", "body");
  }
}

/** Past this many more bytes after a refusal the connection is reset rather than read on. */
const MAX_DISCARDED_BYTES = 64 * MAX_BODY_BYTES;

/**
 * Reads and drops, in the background, what the client still sends after its body was refused:
 * the 413 then reaches a client that is still writing, and the connection stays usable for its
 * next request instead of being reset under it.
 */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  const drain = async () => {
    for (let dropped = 0; dropped <= MAX_DISCARDED_BYTES; ) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
    }
    await reader.cancel();
  };
  drain().catch(() => {});
}

/**
 * Drains, in the background, a request body its answer never read (refused before the body:
 * 401, 404, a bad path parameter, an operation that takes none). The connection still holds its
 * unread rest otherwise, and Next.js resets it when the client sends its next request on it.
 */
export function discardUnreadBody(request: Request): void {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  discardRest(request.body.getReader());
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The request's JSON body; an empty body reads as `{}` so that bodiless actions need none. */
export async function readJsonBody(request: Request): Promise<{ raw: string; value: unknown }> {
  const raw = await readBodyText(request);
  if (raw.trim() === "") return { raw, value: {} };
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw invalid(
      "The request body must be JSON, sent with 'Content-Type: application/json'.",
      "Content-Type",
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid("The request body is not valid JSON.", "body");
  }
  const tooDeep = fieldDeeperThan(value, MAX_BODY_DEPTH);
  if (tooDeep) {
    throw invalid(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`, tooDeep);
  }
  assertStorableText(value, "body");
  return { raw, value };
}

/** No request schema nests this deep; deeper bodies would exhaust the recursive checks after it. */
const MAX_BODY_DEPTH = 64;

/**
 * Whether `value` nests arrays and objects more than `limit` levels, found without recursion:
 * the top-level field that does (`body` for the body itself), or undefined.
 */
function fieldDeeperThan(value: unknown, limit: number): string | undefined {
  const pending: [unknown, string, number][] = [[value, "body", 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, field, depth] = next;
    if (current === null || typeof current !== "object") continue;
    if (depth >= limit) return field;
    for (const [key, child] of Object.entries(current)) {
      pending.push([child, depth === 0 ? key : field, depth + 1]);
    }
  }
  return undefined;
}
