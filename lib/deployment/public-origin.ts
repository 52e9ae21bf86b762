const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

type Env = Readonly<Record<string, string | undefined>>;

/** The deployment's public origin when one is configured: NEXTAUTH_URL, else PUBLIC_URL. */
export function configuredOrigin(env: Env = process.env): string | undefined {
  const value = env.NEXTAUTH_URL || env.PUBLIC_URL;
  return value ? new URL(value).origin : undefined;
}

/** Whether the deployment is reachable beyond this machine (a non-loopback public origin). */
export function isPublicDeployment(env: Env = process.env): boolean {
  const origin = configuredOrigin(env);
  return origin !== undefined && !loopbackHosts.has(new URL(origin).hostname);
}
