import { rawSql } from "@/db/client";
import { inngest } from "@/inngest/client";
import { startDispatcher } from "./dispatcher";
import { UnsupportedFunctionOptions } from "./function-config";
import { ingestEvents } from "./ingest-events";
import { resolveJobsMode } from "./jobs-mode";
import { EmbeddedRunner } from "./runner";
import { generateSigningKey } from "./signing";
import { syncFunctions } from "./sync-functions";
import { jobsSettings } from "./timing";

const SYNC_DEADLINE_MS = 120_000;

/**
 * Starts background work for this server process: the outbox dispatcher, and in embedded mode
 * the runner. The embedded runner signs with a key generated for this process and handed to the
 * SDK through INNGEST_SIGNING_KEY (read on every request), so `/api/inngest` keeps verifying
 * signatures in both modes.
 */
export function startJobs(): void {
  const mode = resolveJobsMode();
  console.log(mode.description);
  const sql = rawSql();
  const { pollMs } = jobsSettings();
  if (mode.kind === "inngest") {
    startDispatcher({
      sql,
      pollMs,
      deliver: async (_tx, events) => {
        await inngest.send(events);
      },
    });
    return;
  }
  const signingKey = generateSigningKey();
  process.env.INNGEST_SIGNING_KEY = signingKey;
  void startEmbedded(signingKey);
}

async function startEmbedded(signingKey: string) {
  const deadline = Date.now() + SYNC_DEADLINE_MS;
  for (;;) {
    const url = serveUrl();
    try {
      const functions = await syncFunctions(url, signingKey);
      const runner = new EmbeddedRunner({ sql: rawSql(), url, signingKey, functions });
      runner.start();
      startDispatcher({
        sql: rawSql(),
        pollMs: jobsSettings().pollMs,
        deliver: async (tx, events) => {
          await ingestEvents(tx, events, functions);
        },
        afterDelivery: () => runner.wake(),
      });
      console.log(
        `background work: ${functions.length} functions synced from ${url}: ${functions.map((fn) => fn.id).join(", ")}`,
      );
      return;
    } catch (error) {
      if (error instanceof UnsupportedFunctionOptions || Date.now() > deadline) {
        console.error(
          `background work: cannot start the embedded runner: ${(error as Error).message}`,
        );
        process.exit(1);
      }
      // The server is not listening yet: sync as soon as it is.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The app's own handler over loopback (JOBS_SERVE_URL when the server is not reachable there). */
function serveUrl(): string {
  return process.env.JOBS_SERVE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/api/inngest`;
}
