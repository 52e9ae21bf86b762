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
