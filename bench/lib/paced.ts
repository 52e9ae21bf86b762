/**
 * Open-loop load: starts `work(i)` for i = 0…count-1 at `perSecond` starts per second, whatever
 * the answers' timing (as independent clients arrive), and waits for all of them.
 */
export async function paced(
  count: number,
  perSecond: number,
  work: (index: number) => Promise<unknown>,
): Promise<void> {
  const started = performance.now();
  const calls: Promise<unknown>[] = [];
  for (let index = 0; index < count; index++) {
    const wait = started + (index * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const call = work(index);
    // A call that fails while later ones are still being started must not go unhandled.
    call.catch(() => {});
    calls.push(call);
  }
  await Promise.all(calls);
}
