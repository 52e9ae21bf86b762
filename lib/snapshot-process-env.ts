/**
 * Replaces `process.env` with a plain-object copy of itself. The Inngest SDK enumerates the
 * whole environment several times per call of the `serve()` handler; enumerating Node's real
 * `process.env` goes through native code for every variable, a large share of a busy server's
 * CPU (docs/architecture.md). Reads and writes from JavaScript behave the same; only native
 * code calling getenv() would miss later writes, and nothing in this server relies on that.
 */
export function snapshotProcessEnv(): void {
  process.env = { ...process.env };
}
