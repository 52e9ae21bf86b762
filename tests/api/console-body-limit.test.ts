import { expect, test } from "vitest";
import { consoleOrigin } from "../support/console-session";

const limit = 1024 * 1024;

/** A body of `bytes` sent chunked, with no Content-Length. */
function chunked(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(97);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

test.each([
  ["with Content-Length", () => ({ body: "a".repeat(2 * limit) })],
  ["chunked, without Content-Length", () => ({ body: chunked(8 * limit), duplex: "half" })],
])("next-auth's routes refuse a body over 1 MiB %s with 413 in the envelope", async (_, make) => {
  const response = await fetch(`${consoleOrigin()}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    ...(make() as RequestInit),
  });
  expect(response.status).toBe(413);
  expect(response.headers.get("request-id")).toMatch(/^req-/);
  expect(await response.json()).toMatchObject({ error: { code: "payload_too_large" } });
  expect((await fetch(`${consoleOrigin()}/api/health`)).status).toBe(200);
  const csrf = await fetch(`${consoleOrigin()}/api/auth/csrf`);
  expect(((await csrf.json()) as { csrfToken: string }).csrfToken).toEqual(expect.any(String));
});
