import { basePaths } from "@/lib/environment";
import type { TEventEnvelope } from "@/lib/events/types";
import { environmentOfSecret } from "@/lib/keys/secret";

type TEventPage = { data: TEventEnvelope[]; cursor: string | null; hasMore: boolean };

/** An event committed after a newer one appears behind it; re-reading this far back catches it. */
const lateCommitMs = 10_000;
const pageSize = 100;

/**
 * The events of the key's environment that are new since `start`, oldest first, read from
 * GET /v1/events (newest first) by paging back to the newest event already seen.
 */
export function eventFeed({ baseUrl, apiKey }: { baseUrl: string; apiKey: string }) {
  const environment = environmentOfSecret(apiKey);
  const url = new URL(`${basePaths[environment]}/events`, baseUrl);
  const seen = new Map<string, number>();
  let newest = Number.NEGATIVE_INFINITY;

  async function page(cursor: string | null): Promise<TEventPage> {
    const query = new URLSearchParams({ limit: String(pageSize), ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${url}?${query}`, {
      headers: { authorization: `Bearer ${apiKey}`, accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    }).catch((error: Error) => {
      const cause = error.cause instanceof Error ? error.cause.message : error.message;
      throw new Error(`${url} is unreachable (${cause})`);
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => undefined)) as
        | { error?: { message?: string } }
        | undefined;
      throw new Error(
        `${url} answered ${response.status}: ${body?.error?.message ?? response.statusText}`,
      );
    }
    return (await response.json()) as TEventPage;
  }

  async function read({ pages }: { pages: number }): Promise<TEventEnvelope[]> {
    const since = newest - lateCommitMs;
    const fresh: TEventEnvelope[] = [];
    let cursor: string | null = null;
    for (let count = 0; count < pages; count++) {
      const { data, cursor: next, hasMore } = await page(cursor);
      const recent = data.filter((event) => Date.parse(event.createdAt) >= since);
      fresh.push(...recent.filter((event) => !seen.has(event.id)));
      if (!hasMore || recent.length < data.length) break;
      cursor = next;
    }
    for (const event of fresh) {
      const at = Date.parse(event.createdAt);
      seen.set(event.id, at);
      newest = Math.max(newest, at);
    }
    // Only ids inside the re-read window can come back, so older ones are forgotten.
    for (const [id, at] of seen) if (at < newest - lateCommitMs) seen.delete(id);
    return fresh.reverse();
  }

  return {
    environment,
    /** Marks the latest page as seen, so only events from now on are forwarded. */
    start: async () => void (await read({ pages: 1 })),
    next: () => read({ pages: Number.POSITIVE_INFINITY }),
  };
}
