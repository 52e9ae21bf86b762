import { config, type TConfig } from "@/config";
import { isPublicDeployment } from "@/config/public-origin";
import type { TEnvironment } from "@/lib/environment";

/**
 * Whether webhook URLs may use http and reach loopback or private addresses. Never in
 * production; in sandbox when `WEBHOOKS_ALLOW_PRIVATE_URLS` is on, which is its default only on
 * a local deployment (no public origin configured): on a public one, a sandbox receiver on a
 * private address would let any sandbox key probe the server's own network.
 */
export function allowPrivateUrls({
  environment,
  settings = config(),
}: {
  environment: TEnvironment;
  settings?: Pick<TConfig, "WEBHOOKS_ALLOW_PRIVATE_URLS" | "NEXTAUTH_URL" | "PUBLIC_URL">;
}): boolean {
  if (environment === "production") return false;
  return settings.WEBHOOKS_ALLOW_PRIVATE_URLS ?? !isPublicDeployment(settings);
}
