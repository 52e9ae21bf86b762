import { expect } from "vitest";
import type { TApiResponse } from "./api";

/**
 * Asserts an error answer: the status, the envelope `{error: {code, message, param?, doc_url}}`
 * as JSON, and a Request-Id header. Returns the error object for further checks.
 */
export function expectError(
  response: TApiResponse,
  status: number,
  code: string,
  param?: string,
): { code: string; message: string; param?: string; doc_url: string } {
  expect(
    { status: response.status, body: response.body },
    `expected ${status} ${code}${param ? ` (param ${param})` : ""}`,
  ).toMatchObject({ status, body: { error: { code } } });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("request-id")).toMatch(/^req-[0-9A-Za-z]{16}$/);
  const error = response.body.error;
  expect(typeof error.message).toBe("string");
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.doc_url).toMatch(new RegExp(`/docs/api#error-${code}$`));
  if (param !== undefined) expect(error.param).toBe(param);
  return error;
}
