export type JobsMode =
  | { kind: "inngest"; description: string }
  | { kind: "embedded"; description: string };

/**
 * Chosen once at start-up. Inngest (cloud, or self-hosted with INNGEST_BASE_URL) when both keys
 * are set, or an Inngest dev server when INNGEST_DEV is set; the embedded runner when none is.
 * One key without the other is a configuration mistake, refused rather than guessed around.
 */
export function resolveJobsMode(env: Record<string, string | undefined> = process.env): JobsMode {
  const eventKey = Boolean(env.INNGEST_EVENT_KEY);
  const signingKey = Boolean(env.INNGEST_SIGNING_KEY);
  if (env.INNGEST_DEV) {
    return {
      kind: "inngest",
      description: `background work: Inngest dev server (INNGEST_DEV=${env.INNGEST_DEV}) calls /api/inngest`,
    };
  }
  if (eventKey && signingKey) {
    return {
      kind: "inngest",
      description: `background work: Inngest at ${env.INNGEST_BASE_URL || "Inngest Cloud"} calls /api/inngest; outbox events sent with inngest.send()`,
    };
  }
  if (eventKey || signingKey) {
    throw new Error(
      `Set both INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY to use Inngest, or neither for the embedded runner (only ${eventKey ? "INNGEST_EVENT_KEY" : "INNGEST_SIGNING_KEY"} is set).`,
    );
  }
  return {
    kind: "embedded",
    description:
      "background work: embedded runner (PostgreSQL-backed) calls the /api/inngest handler in-process over the Inngest SDK protocol (set INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY to use Inngest)",
  };
}

/**
 * Whether this process does background work (dispatching the outbox and, in embedded mode,
 * running functions): BACKGROUND_WORK=off makes a process that only serves requests, for a
 * deployment whose other processes do the work. The embedded database belongs to one process,
 * so there it is refused; so is any value other than on and off.
 */
export function backgroundWorkHere({
  embeddedDatabase,
  env = process.env,
}: {
  embeddedDatabase: boolean;
  env?: Record<string, string | undefined>;
}): boolean {
  const setting = env.BACKGROUND_WORK ?? "on";
  if (setting !== "on" && setting !== "off") {
    throw new Error(`BACKGROUND_WORK must be "on" or "off", not "${setting}".`);
  }
  if (setting === "off" && embeddedDatabase) {
    throw new Error(
      "BACKGROUND_WORK=off needs DATABASE_URL: the embedded database belongs to this process, so no other process could do the work.",
    );
  }
  return setting === "on";
}
