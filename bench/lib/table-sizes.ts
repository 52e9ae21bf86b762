import postgres from "postgres";

export type TTableSize = { rows: number; tableBytesPerRow: number; indexBytesPerRow: number };

/**
 * Bytes per row of each table in the database at `url`: everything it takes on disk (heap,
 * TOAST, indexes: pg_total_relation_size) and its indexes alone (pg_indexes_size), over its
 * exact row count.
 */
export async function tableSizes(
  url: string,
  tables: string[],
): Promise<Record<string, TTableSize>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const sizes: Record<string, TTableSize> = {};
    for (const table of tables) {
      const [row] = await sql<{ rows: number; total: number; indexes: number }[]>`
        select (select count(*) from ${sql(table)})::float8 as rows,
               pg_total_relation_size(${table})::float8 as total,
               pg_indexes_size(${table})::float8 as indexes`;
      const rows = row?.rows ?? 0;
      sizes[table] = {
        rows,
        tableBytesPerRow: rows ? row!.total / rows : 0,
        indexBytesPerRow: rows ? row!.indexes / rows : 0,
      };
    }
    return sizes;
  } finally {
    await sql.end();
  }
}
