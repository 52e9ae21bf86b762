import postgres from "postgres";
import { afterEach, describe, expect, test } from "vitest";

/*
 * postgres.js 3.4.9 reserves a transaction's connection only when the BEGIN it wrote did not
 * also fill that connection's pipeline (porsager/postgres#1189, #823): otherwise the BEGIN ran
 * unreserved, the transaction failed with UNSAFE_TRANSACTION, and other requests' queries could
 * land inside it. patches/postgres+3.4.9.patch reserves it whenever the BEGIN is written.
 */
const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
let pool: postgres.Sql | undefined;
afterEach(() => pool?.end());

describe("a transaction's connection is reserved by its BEGIN", () => {
  test("on a pool that never pipelines (max_pipeline 0), where every BEGIN fills the pipeline", async () => {
    // max_pipeline is a connection option postgres.js reads but its types leave out.
    pool = postgres(url, { max: 2, max_pipeline: 0, onnotice: () => {} } as postgres.Options<
      Record<string, never>
    >);
    const ids = await Promise.all(
      Array.from({ length: 4 }, () =>
        pool!.begin(async (tx) => {
          const [first] = await tx<{ id: string }[]>`select txid_current()::text as id`;
          const [second] = await tx<{ id: string }[]>`select txid_current()::text as id`;
          return [first!.id, second!.id];
        }),
      ),
    );
    for (const [first, second] of ids) expect(second).toBe(first);
    expect(new Set(ids.map(([id]) => id)).size).toBe(4);
  });
});
