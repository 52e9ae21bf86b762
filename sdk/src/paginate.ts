type TPage<TItem> = { data: TItem[]; cursor: string | null; hasMore: boolean };

/**
 * Every item of a cursor list, page after page: `for await (const agent of
 * paginate(client.agents.list, { limit: 100 }))`.
 */
export async function* paginate<TItem, TQuery extends { cursor?: string } | undefined>(
  list: (query: TQuery) => Promise<TPage<TItem>>,
  query: NoInfer<TQuery>,
): AsyncGenerator<TItem, void, undefined> {
  let cursor = query?.cursor;
  for (;;) {
    // The same query with the next cursor: a TQuery whatever else it holds.
    const page = await list({ ...query, cursor } as TQuery);
    yield* page.data;
    if (!page.hasMore || page.cursor === null) return;
    cursor = page.cursor;
  }
}
