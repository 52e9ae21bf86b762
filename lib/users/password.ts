import { hash, verify } from "@node-rs/argon2";

// Argon2id (the package's default algorithm) with OWASP's first recommended setting:
// 19 MiB of memory, 2 passes, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

let decoy: Promise<string> | undefined;

/** Spends the time of a real check so that an unknown email cannot be told apart by timing. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword("decoy password that no account has");
  await verifyPassword(await decoy, password);
  return false;
}
