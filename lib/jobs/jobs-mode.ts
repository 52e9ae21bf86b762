import { config, type TConfig } from "@/config";

export type TJobsMode =
  | { kind: "inngest"; description: string }
  | { kind: "embedded"; description: string };

/**
 * Chosen once at start-up. Inngest (cloud, or self-hosted with INNGEST_BASE_URL) when both keys
 * are set, or an Inngest dev server when INNGEST_DEV is set; the embedded runner when none is.
 * One key without the other is refused by the configuration schema.
 */
export function resolveJobsMode(
  settings: Pick<
    TConfig,
    "INNGEST_DEV" | "INNGEST_EVENT_KEY" | "INNGEST_SIGNING_KEY" | "INNGEST_BASE_URL"
  > = config(),
): TJobsMode {
  if (settings.INNGEST_DEV) {
    return {
      kind: "inngest",
      description: `background work: Inngest dev server (INNGEST_DEV=${settings.INNGEST_DEV}) calls /api/inngest`,
    };
  }
  if (settings.INNGEST_EVENT_KEY && settings.INNGEST_SIGNING_KEY) {
    return {
      kind: "inngest",
      description: `background work: Inngest at ${settings.INNGEST_BASE_URL || "Inngest Cloud"} calls /api/inngest; outbox events sent with inngest.send()`,
    };
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
 * deployment whose other processes do the work.
 */
export const backgroundWorkHere = (settings: Pick<TConfig, "BACKGROUND_WORK"> = config()) =>
  settings.BACKGROUND_WORK === "on";
