import type { IncomingHttpHeaders } from "node:http";
import type { TSendResult } from "./send";

/** How much of the request body each attempt keeps (the whole event, for any usual one). */
export const maxRecordedRequestBodyBytes = 16 * 1024;
/** How many response headers an attempt keeps, and how long each value may be. */
export const maxRecordedResponseHeaders = 50;
export const maxRecordedHeaderValueBytes = 1024;

/** The request and answer of one attempt, as it is stored and shown. */
export type TAttemptExchange = {
  requestHeaders: Record<string, string> | null;
  requestBody: string | null;
  responseHeaders: Record<string, string> | null;
  responseBody: string | null;
};

/** PostgreSQL text and jsonb refuse NUL characters, which a receiver may well send. */
const withoutNul = (text: string) => text.replaceAll("\u0000", "\uFFFD");

/** The first `maxBytes` of `text` as UTF-8 (a character cut in two becomes U+FFFD). */
export function truncateUtf8(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  return withoutNul(bytes.length > maxBytes ? bytes.subarray(0, maxBytes).toString("utf8") : text);
}

function recordedResponseHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const entries = Object.entries(headers)
    .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
    .slice(0, maxRecordedResponseHeaders)
    .map(([name, value]) => [
      name,
      truncateUtf8(Array.isArray(value) ? value.join(", ") : value, maxRecordedHeaderValueBytes),
    ]);
  return Object.fromEntries(entries);
}

/** What an attempt sent and got back, bounded for storage. */
export function exchangeOfSend(sent: TSendResult, requestBody: string): TAttemptExchange {
  const answered = sent.responseHeaders !== undefined;
  return {
    requestHeaders: sent.requestHeaders,
    requestBody: truncateUtf8(requestBody, maxRecordedRequestBodyBytes),
    responseHeaders: sent.responseHeaders ? recordedResponseHeaders(sent.responseHeaders) : null,
    // maxResponseBodyBytes already bounds what send read.
    responseBody: answered ? withoutNul(sent.responseBody) : null,
  };
}
