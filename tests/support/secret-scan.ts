/** What API key secrets, webhook secrets, agent tokens and private keys look like. */
const secretShapes: [string, RegExp][] = [
  ["API key secret", /\bsk_(test|live)_[A-Za-z0-9]{16,}/g],
  ["webhook secret", /\bwhsec_[A-Za-z0-9+/=]{16,}/g],
  ["OAuth refresh token", /\brt_[A-Za-z0-9]{43}\b/g],
  ["agent token", /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g],
  ["private key", /-----BEGIN [A-Z ]*PRIVATE KEY-----/g],
];

/**
 * The kinds of secret found in a server's log lines (its JSON lines; the plain-text banner that
 * shows a fresh embedded database's first key, on purpose, is not a log line), with counts.
 */
export function secretsInLogLines(output: string): string[] {
  const lines = output.split("\n").filter((line) => line.startsWith("{"));
  const found: string[] = [];
  for (const [kind, shape] of secretShapes) {
    const count = lines.reduce((sum, line) => sum + (line.match(shape)?.length ?? 0), 0);
    if (count > 0) found.push(`${count} × ${kind}`);
  }
  return found;
}
