import { startChildServer, type TChildServer } from "@/tests/support/child-server";

/**
 * Server processes per measured side. Processes of one build with the same settings differ in
 * CPU per request (bench/README.md), so a figure read on one process carries that process's
 * draw; rounds that rotate through several average it out.
 */
export const processesPerSide = 3;

/** Starts `processesPerSide` production servers with `env`; none is left running if one fails. */
export async function startServers(env: Record<string, string>): Promise<TChildServer[]> {
  const servers: TChildServer[] = [];
  try {
    for (let index = 0; index < processesPerSide; index++)
      servers.push(await startChildServer({ env }));
    return servers;
  } catch (error) {
    await stopServers(servers);
    throw error;
  }
}

/** Stops every server of `servers`, all at once. */
export async function stopServers(servers: TChildServer[]): Promise<void> {
  await Promise.all(servers.map((server) => server.stop()));
}

/** Each call measures the next server in turn: one per round of bench/lib/alternate.ts. */
export function rotating(
  servers: TChildServer[],
  measure: (baseUrl: string) => Promise<number>,
): () => Promise<number> {
  let round = 0;
  return () => measure(servers[round++ % servers.length]!.baseUrl);
}
