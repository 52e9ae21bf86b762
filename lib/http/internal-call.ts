import { randomBytes, timingSafeEqual } from "node:crypto";

/** The header that marks a request this process sends to itself (the MCP server's API calls). */
export const internalCallHeader = "x-internal-call";

// On globalThis: the request gate and the MCP route live in different bundles of one process.
const holder = globalThis as unknown as { __assInternalCallToken?: string; __assPort?: number };

/** Remembers the port this process answers on (`next start -p` may differ from PORT). */
export function rememberListeningPort(port: number): void {
  holder.__assPort ??= port;
}

/** The port requests reach this process on, once one has arrived. */
export const listeningPort = (): number | undefined => holder.__assPort;

/** A secret that never leaves this process, proving a request came from it. */
export function internalCallToken(): string {
  holder.__assInternalCallToken ??= randomBytes(32).toString("base64url");
  return holder.__assInternalCallToken;
}

/** Whether a request carries this process's token: its forwarding headers are its own. */
export function isInternalCall(value: string | string[] | undefined): boolean {
  if (typeof value !== "string") return false;
  const expected = Buffer.from(internalCallToken());
  const given = Buffer.from(value);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
