import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on a free loopback port that keeps every message it is sent as a file of
 * `folder`, in arrival order: the mailbox the tests' servers send to (SMTP_URL).
 */
export async function startSmtpSink(): Promise<{
  url: string;
  folder: string;
  close: () => Promise<void>;
}> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "smtp-sink-"));
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((address) => address.address).join(",");
        const name = `${String(++received).padStart(6, "0")}.eml`;
        writeFileSync(path.join(folder, name), `X-Envelope-To: ${to}\n${Buffer.concat(chunks)}`);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.server.address();
      typeof address === "object" && address ? resolve(address.port) : reject();
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    folder,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The messages the sink holds for `to` (lowercase), oldest first, as raw text; with `subject`,
 * only those whose subject starts with it.
 */
export function mailsTo(folder: string, to: string, subject?: string): string[] {
  return readdirSync(folder)
    .sort()
    .map((name) => readFileSync(path.join(folder, name), "utf8"))
    .filter((message) => message.startsWith(`X-Envelope-To: ${to}\n`))
    .filter((message) => subject === undefined || message.includes(`\nSubject: ${subject}`));
}

/** A message's text body, its quoted-printable soft breaks and escapes undone. */
export function mailBody(raw: string): string {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return body;
  return body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
