import { sql } from "drizzle-orm";
import { db } from "@/db/client";

/**
 * Makes the writes to `table` for which `when` holds (a trigger's WHEN condition, on `new`) fail
 * with an error, until the returned undo runs. `name` names the trigger and its function, so it
 * must be unique among tests that run at once.
 */
export async function injectWriteFailure({
  name,
  table,
  on,
  when,
}: {
  name: string;
  table: string;
  on: "insert" | "update";
  when: string;
}): Promise<() => Promise<void>> {
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before ${on} on ${table} for each row
      when (${when}) execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop function ${name}() cascade`));
  };
}
