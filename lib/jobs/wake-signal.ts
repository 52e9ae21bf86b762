/**
 * A wake-up that coalesces: any number of `notify()` calls before the waiter runs count once.
 * `wait(ms)` resolves on the next notify (true) or after `ms` (false), whichever comes first.
 */
export class WakeSignal {
  private pending = false;
  private resolve: (() => void) | undefined;

  notify(): void {
    this.pending = true;
    const resolve = this.resolve;
    this.resolve = undefined;
    resolve?.();
  }

  async wait(ms: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return true;
    }
    const notified = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.resolve = undefined;
        resolve(false);
      }, ms);
      this.resolve = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    this.pending = false;
    return notified;
  }
}
