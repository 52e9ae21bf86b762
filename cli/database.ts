type TOpened = { embedded?: { stop: () => Promise<void> } };

let opened: TOpened | undefined;

/** Loaded only for commands that use a database, so offline ones never touch one. */
export async function openDatabase() {
  const { ensureDatabase } = await import("@/db/ensure");
  opened = await ensureDatabase("cli");
}

export async function closeDatabase() {
  if (!opened) return;
  const { closeDatabase: closeClient } = await import("@/db/client");
  await closeClient();
  await opened.embedded?.stop();
  opened = undefined;
}
