import { measure } from "./measure";
import type { TSettings } from "./settings";

/**
 * The floor of a server: `GET /api/health` answers without authentication or the database, so
 * its requests per second are what this host gives any request of that server right now.
 */
export async function healthRate(
  baseUrl: string,
  settings: TSettings,
  seconds = settings.roundSeconds,
): Promise<number> {
  const result = await measure({
    url: `${baseUrl}/api/health`,
    seconds,
    connections: settings.connections,
  });
  return result.requestsPerSecond;
}

/**
 * The floor of an authenticated read: `GET /sandbox/v1/me` goes through the whole `/v1`
 * pipeline (authentication, rate limit, request log, JSON) and answers from the credential alone,
 * so a route's ratio to it is the cost of the route's own work.
 */
export async function pipelineRate(
  baseUrl: string,
  key: string,
  settings: TSettings,
  seconds = settings.roundSeconds,
): Promise<number> {
  const result = await measure({
    url: `${baseUrl}/sandbox/v1/me`,
    headers: { authorization: `Bearer ${key}` },
    seconds,
    connections: settings.connections,
  });
  if (result.failed > 0) throw new Error(`GET /me: ${result.failed} failed requests`);
  return result.requestsPerSecond;
}
