/**
 * A signed-out page's POST to the console (reset requests and resets): the answer's message, or
 * the error envelope's, and whether it succeeded.
 */
export async function postFromPage(
  path: string,
  body: unknown,
): Promise<{ ok: boolean; message: string }> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => undefined);
  if (!response) return { ok: false, message: "The console could not be reached." };
  const payload = (await response.json().catch(() => ({}))) as {
    message?: string;
    error?: { message?: string };
  };
  return response.ok
    ? { ok: true, message: payload.message ?? "Done." }
    : { ok: false, message: payload.error?.message ?? `The console answered ${response.status}.` };
}
