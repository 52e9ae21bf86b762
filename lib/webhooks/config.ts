import { z } from "zod";
import { isPublicDeployment } from "@/lib/deployment/public-origin";
import type { TEnvironment } from "@/lib/events/types";

type TEnv = Readonly<Record<string, string | undefined>>;

const ZSwitch = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no"], {
    error: "must be one of on, off, true, false, 1, 0, yes, no",
  })
  .transform((value) => ["1", "true", "on", "yes"].includes(value));

const ZWebhookEnv = z.object({
  WEBHOOKS_ALLOW_PRIVATE_URLS: ZSwitch.optional(),
  WEBHOOK_RETRY_SCALE: z.coerce
    .number({ error: "must be a number" })
    .positive("must be greater than 0")
    .max(1, "must be at most 1 (it only shortens the schedule)")
    .optional(),
});

function readWebhookEnv(env: TEnv) {
  const picked = {
    WEBHOOKS_ALLOW_PRIVATE_URLS: env.WEBHOOKS_ALLOW_PRIVATE_URLS?.trim().toLowerCase() || undefined,
    WEBHOOK_RETRY_SCALE: env.WEBHOOK_RETRY_SCALE?.trim() || undefined,
  };
  const parsed = ZWebhookEnv.safeParse(picked);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new Error(`invalid webhook configuration: ${problems.join("; ")}`);
  }
  return parsed.data;
}

/**
 * Whether webhook URLs may use http and reach loopback or private addresses. Never in
 * production; in sandbox when `WEBHOOKS_ALLOW_PRIVATE_URLS` is on, which is its default only on
 * a local deployment (no public origin configured): on a public one, a sandbox receiver on a
 * private address would let any sandbox key probe the server's own network.
 */
export function allowPrivateUrls({
  environment,
  env = process.env,
}: {
  environment: TEnvironment;
  env?: TEnv;
}): boolean {
  if (environment === "production") return false;
  return readWebhookEnv(env).WEBHOOKS_ALLOW_PRIVATE_URLS ?? !isPublicDeployment(env);
}

/** Factor applied to every retry delay (`WEBHOOK_RETRY_SCALE`, e.g. 0.001 in tests); default 1. */
export function retryScale({ env = process.env }: { env?: TEnv } = {}): number {
  return readWebhookEnv(env).WEBHOOK_RETRY_SCALE ?? 1;
}
