import { describe, expect, test } from "vitest";
import {
  exchangeOfSend,
  maxRecordedHeaderValueBytes,
  maxRecordedRequestBodyBytes,
  maxRecordedResponseHeaders,
  truncateUtf8,
} from "./attempt-exchange";
import type { TSendResult } from "./send";

const sent = (overrides: Partial<TSendResult>): TSendResult => ({
  ok: true,
  gone: false,
  latencyMs: 12,
  responseBody: "",
  signature: { "webhook-id": "evt-1", "webhook-timestamp": "1", "webhook-signature": "v1,x" },
  requestHeaders: { "webhook-id": "evt-1", "content-type": "application/json" },
  ...overrides,
});

describe("truncateUtf8", () => {
  test("keeps short text, cuts long text at the byte limit, never splits into invalid UTF-8", () => {
    expect(truncateUtf8("héllo", 100)).toBe("héllo");
    expect(truncateUtf8("abcdef", 3)).toBe("abc");
    // "é" is two bytes: cut after its first byte, it becomes U+FFFD, still valid text.
    expect(truncateUtf8("aé", 2)).toBe("a\uFFFD");
  });

  test("replaces NUL, which PostgreSQL text refuses", () => {
    expect(truncateUtf8("a\u0000b", 10)).toBe("a\uFFFDb");
  });
});

describe("exchangeOfSend", () => {
  test("an answer: request as sent, the answer's headers bounded in number and length", () => {
    const headers = Object.fromEntries(
      Array.from({ length: maxRecordedResponseHeaders + 5 }, (_, index) => [`x-h${index}`, "v"]),
    );
    headers["x-h0"] = "y".repeat(maxRecordedHeaderValueBytes + 10);
    const exchange = exchangeOfSend(
      sent({
        status: 200,
        responseBody: "ok\u0000",
        responseHeaders: { ...headers, "set-cookie": ["a=1", "b=2"] },
      }),
      "x".repeat(maxRecordedRequestBodyBytes + 1),
    );
    expect(exchange.requestHeaders).toEqual({
      "webhook-id": "evt-1",
      "content-type": "application/json",
    });
    expect(exchange.requestBody).toHaveLength(maxRecordedRequestBodyBytes);
    expect(Object.keys(exchange.responseHeaders!)).toHaveLength(maxRecordedResponseHeaders);
    expect(exchange.responseHeaders!["x-h0"]).toHaveLength(maxRecordedHeaderValueBytes);
    expect(exchange.responseBody).toBe("ok\uFFFD");
  });

  test("no answer: the request is kept, the response is null", () => {
    const exchange = exchangeOfSend(
      sent({ ok: false, error: { code: "timeout", message: "no answer within 10000 ms" } }),
      "{}",
    );
    expect(exchange).toEqual({
      requestHeaders: { "webhook-id": "evt-1", "content-type": "application/json" },
      requestBody: "{}",
      responseHeaders: null,
      responseBody: null,
    });
  });
});
