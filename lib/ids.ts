import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export const idPrefixes = {
  agent: "agent",
  negotiation: "neg",
  negotiationStep: "nstep",
  settlement: "stl",
  receipt: "rcp",
  webhook: "wh",
  evidence: "ev",
  event: "evt",
  key: "key",
  delivery: "dlv",
  organization: "org",
  user: "usr",
  invitation: "inv",
  auditEntry: "aud",
  outbox: "obx",
  request: "req",
  token: "tok",
  tokenRevocation: "trv",
  ledgerAccount: "acct",
  ledgerTransfer: "ltr",
  ledgerEntry: "lent",
  run: "run",
  x402Payment: "x4p",
  oauthClient: "oac",
  consoleSession: "sess",
} as const;

export type TIdKind = keyof typeof idPrefixes;

// Drawn from the CSPRNG 4 KiB at a time (as crypto.randomUUID does): one call per id cost
// more than the rest of making it, and every request makes one.
const randomPool = Buffer.alloc(4096);
let randomPoolOffset = randomPool.length;

function randomByte(): number {
  if (randomPoolOffset === randomPool.length) {
    randomFillSync(randomPool);
    randomPoolOffset = 0;
  }
  return randomPool[randomPoolOffset++]!;
}

/** Random base62 text; rejection sampling keeps every character equally likely. */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/** `agent-4fZq1…`: a type prefix and 16 random base62 characters (about 95 bits). */
export function newId(kind: TIdKind): string {
  return `${idPrefixes[kind]}-${randomBase62(16)}`;
}
