import type { APIRequestContext } from "@playwright/test";

const attempts = 20;

/**
 * A real HTTP call to the public API with an API key, as an integrating developer makes it. A
 * new organization's free plan allows a burst of 10 requests, fewer than a settlement flow, so
 * a 429 (refused before anything ran) is waited out for its Retry-After, as the SDK does.
 */
export async function callApi(
  request: APIRequestContext,
  {
    method = "GET",
    path,
    key,
    body,
  }: { method?: string; path: string; key: string; body?: unknown },
) {
  for (let attempt = 1; ; attempt++) {
    const response = await request.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${key}` },
      data: body,
      failOnStatusCode: false,
    });
    if (response.status() !== 429 || attempt === attempts) {
      return { status: response.status(), body: (await response.json()) as any };
    }
    const wait = Number(response.headers()["retry-after"] ?? "1");
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 5) * 1000));
  }
}
