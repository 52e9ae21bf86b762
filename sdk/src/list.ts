import { AgentSettlementError } from "./errors";

type TPage = { data: unknown[]; cursor: string | null; hasMore: boolean };
type TItemOf<TPageOf extends TPage> = TPageOf["data"][number];

/** The most items `toArray` collects: a bound, so that a forgotten filter cannot exhaust memory. */
export const TO_ARRAY_MAX = 10_000;

/**
 * What every list method returns: a promise of the first page (`await client.agents.list()`),
 * that is also an iterator over every item of the query, page after page
 * (`for await (const agent of client.agents.list({ limit: 100 }))`), and `toArray({ limit })`.
 */
export type TListCall<TPageOf extends TPage> = Promise<TPageOf> &
  AsyncIterable<TItemOf<TPageOf>> & {
    /** Every item, in order, up to `limit` (at most 10 000). */
    toArray(options: { limit: number }): Promise<TItemOf<TPageOf>[]>;
  };

/** A list method from the call that fetches one page of it. */
export function listCall<TQuery extends { cursor?: string }, TPageOf extends TPage>(
  fetchPage: (query: TQuery) => Promise<TPageOf>,
  query: TQuery,
): TListCall<TPageOf> {
  const first = fetchPage(query);
  async function* items(): AsyncGenerator<TItemOf<TPageOf>, void, undefined> {
    let page = await first;
    for (;;) {
      // TPageOf's own data: its items, though TypeScript reads the constraint's unknown[].
      yield* page.data as TItemOf<TPageOf>[];
      if (!page.hasMore || page.cursor === null) return;
      page = await fetchPage({ ...query, cursor: page.cursor });
    }
  }
  const toArray = async ({ limit }: { limit: number }) => {
    if (!Number.isInteger(limit) || limit < 1 || limit > TO_ARRAY_MAX) {
      throw new AgentSettlementError({
        status: 0,
        code: "invalid_client_options",
        message: `toArray needs a limit from 1 to ${TO_ARRAY_MAX}: iterate with for await for more`,
        param: "limit",
      });
    }
    const collected: TItemOf<TPageOf>[] = [];
    for await (const item of items()) {
      collected.push(item);
      if (collected.length === limit) break;
    }
    return collected;
  };
  return Object.assign(first, { [Symbol.asyncIterator]: items, toArray });
}
