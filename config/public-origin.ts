const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

type TOriginSettings = { NEXTAUTH_URL?: string; PUBLIC_URL?: string };

/** The deployment's public origin when one is configured: NEXTAUTH_URL, else PUBLIC_URL. */
export function configuredOrigin(settings: TOriginSettings): string | undefined {
  const value = settings.NEXTAUTH_URL || settings.PUBLIC_URL;
  return value ? new URL(value).origin : undefined;
}

/** Whether the deployment is reachable beyond this machine (a non-loopback public origin). */
export function isPublicDeployment(settings: TOriginSettings): boolean {
  const origin = configuredOrigin(settings);
  return origin !== undefined && !loopbackHosts.has(new URL(origin).hostname);
}
