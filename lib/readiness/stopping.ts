// On globalThis: the signal handler and the readiness route live in different bundles.
const holder = globalThis as unknown as { __assStopping?: boolean };

/** From now on this process finishes what it holds and takes no new work. */
export function markStopping(): void {
  holder.__assStopping = true;
}

export const isStopping = (): boolean => holder.__assStopping === true;
