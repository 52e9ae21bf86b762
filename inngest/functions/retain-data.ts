import { inngest } from "@/inngest/client";
import { deletePastWindow, retainedTables } from "@/lib/retention/delete-past-window";
import { retentionSettings } from "@/lib/retention/settings";

/**
 * Deletes what is past its retention window, table by table (one step each, so a failure
 * retries only the rest), on the RETENTION_CRON schedule. Every deployment process may run it:
 * each tick starts one run, and deleting twice is harmless.
 */
export const retainData = inngest.createFunction(
  {
    id: "retain-data",
    triggers: [{ cron: retentionSettings().RETENTION_CRON }],
    retries: 3,
  },
  async ({ step }) => {
    const settings = retentionSettings();
    const deleted: Record<string, number> = {};
    for (const table of retainedTables) {
      deleted[table] = await step.run(`delete ${table}`, () =>
        deletePastWindow({ table, settings }),
      );
    }
    return deleted;
  },
);
