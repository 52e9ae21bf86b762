import type { NextRequest } from "next/server";
import { config, setLibraryVariables } from "@/config";
import { rawSql, statementSql } from "@/db/client";
import { startDispatcher } from "@/lib/jobs/dispatcher";
import { ingestEvents, windowsOf } from "@/lib/jobs/ingest-events";
import { backgroundWorkHere, resolveJobsMode } from "@/lib/jobs/jobs-mode";
import { EmbeddedRunner } from "@/lib/jobs/runner";
import { generateSigningKey } from "@/lib/jobs/signing";
import { syncFunctions } from "@/lib/jobs/sync-functions";
import { jobsSettings } from "@/lib/jobs/timing";
import type { THandlerTransport } from "@/lib/jobs/transport";
import { log } from "@/lib/observability/logger";
import { inngest } from "./client";
import { inngestHandler } from "./handler";

/** What `stop` finishes: called once, at the process's clean stop. */
export type TBackgroundWork = { stop: (deadlineAt: number) => Promise<void> };

/**
 * Starts background work for this server process: the outbox dispatcher, and in embedded mode
 * the runner. The embedded runner signs with a key generated for this process and handed to the
 * SDK through INNGEST_SIGNING_KEY (read on every request), so `/api/inngest` keeps verifying
 * signatures in both modes. With BACKGROUND_WORK=off the process only serves requests and
 * another process of the deployment does the work.
 */
export function startJobs({ embeddedDatabase }: { embeddedDatabase: boolean }): TBackgroundWork {
  const mode = resolveJobsMode();
  if (!backgroundWorkHere()) {
    log.info({ kind: "startup" }, `${mode.description}; not in this process (BACKGROUND_WORK=off)`);
    return { stop: async () => {} };
  }
  log.info({ kind: "startup" }, mode.description);
  if (mode.kind === "inngest") {
    const dispatcher = startDispatcher({
      sql: rawSql(),
      pollMs: jobsSettings().pollMs,
      listen: !embeddedDatabase,
      deliver: async (_tx, events) => {
        await inngest.send(events);
      },
    });
    return { stop: () => dispatcher.stop() };
  }
  const signingKey = generateSigningKey();
  setLibraryVariables({ INNGEST_SIGNING_KEY: signingKey });
  const started = startEmbedded(signingKey, embeddedDatabase);
  return {
    stop: async (deadlineAt) => {
      const { runner, dispatcher } = await started;
      await dispatcher.stop();
      await runner.stop(deadlineAt);
    },
  };
}

async function startEmbedded(signingKey: string, embeddedDatabase: boolean) {
  // The handler reads the URL only to describe itself; the runner never goes over the network.
  const url = `http://127.0.0.1:${config().PORT}/api/inngest`;
  try {
    const functions = await syncFunctions(callInProcess, url, signingKey);
    const runner = new EmbeddedRunner({
      sql: statementSql(),
      send: callInProcess,
      url,
      signingKey,
      functions,
      checkpoints: true,
    });
    runner.start();
    const dispatcher = startDispatcher({
      sql: rawSql(),
      pollMs: jobsSettings().pollMs,
      listen: !embeddedDatabase,
      deliver: async (tx, events) => {
        await ingestEvents(tx, events, functions);
        for (const ms of windowsOf(events, functions)) runner.wakeIn(ms);
      },
      afterDelivery: () => runner.wake(),
    });
    log.info(
      { kind: "startup" },
      `background work: ${functions.length} functions synced in-process: ${functions.map((fn) => fn.id).join(", ")}`,
    );
    return { runner, dispatcher };
  } catch (error) {
    log.error({ err: error }, "background work: cannot start the embedded runner");
    process.exit(1);
  }
}

/**
 * The app's own `serve()` handler, called in this process. It reads a NextRequest only through
 * the standard Request surface (headers, text, url), so a plain Request is what it gets.
 */
const callInProcess: THandlerTransport = (request) => {
  const handle = request.method === "PUT" ? inngestHandler.PUT : inngestHandler.POST;
  return handle(request as NextRequest, undefined);
};
