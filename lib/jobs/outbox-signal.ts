type TListener = () => void;

// One set per process, shared by every bundle Next.js builds (route chunks, instrumentation).
const holder = globalThis as unknown as { __assOutboxListeners?: Set<TListener> };
const listeners = () => {
  holder.__assOutboxListeners ??= new Set();
  return holder.__assOutboxListeners;
};

/** Tells this process's dispatcher that an outbox row was just written (it may not be committed yet). */
export function notifyOutboxWritten(): void {
  for (const listener of listeners()) listener();
}

export function onOutboxWritten(listener: TListener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}
