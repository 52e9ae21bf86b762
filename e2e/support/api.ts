import type { APIRequestContext } from "@playwright/test";

/** A real HTTP call to the public API with an API key, as an integrating developer makes it. */
export async function callApi(
  request: APIRequestContext,
  {
    method = "GET",
    path,
    key,
    body,
  }: { method?: string; path: string; key: string; body?: unknown },
) {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${key}` },
    data: body,
    failOnStatusCode: false,
  });
  return { status: response.status(), body: (await response.json()) as any };
}
