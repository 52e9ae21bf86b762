import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "@/config";
import { isPublicDeployment } from "@/config/public-origin";
import { log } from "@/lib/observability/logger";

export type TMail = { to: string; subject: string; text: string };

/** How a mail left: over SMTP, into DATA_DIR/mail/ (local runs), or not at all. */
export type TMailOutcome = "sent" | "written" | "skipped";

let smtp: { url: string; transport: Transporter } | undefined;

const smtpTransport = (url: string) => {
  if (smtp?.url !== url) smtp = { url, transport: nodemailer.createTransport(url) };
  return smtp.transport;
};

/** The mail as an RFC 5322 message, in a file of DATA_DIR/mail/ (the local mailbox). */
async function writeToMailbox(message: Parameters<Transporter["sendMail"]>[0]) {
  const built = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
    .sendMail(message);
  const folder = path.resolve(config().DATA_DIR, "mail");
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`;
  await writeFile(path.join(folder, name), built.message as Buffer, { mode: 0o600 });
}

/**
 * Sends one of the console's mails: over SMTP_URL when set; on a local run without it, into
 * DATA_DIR/mail/; otherwise it is skipped, and the log says so without its content (mail
 * carries links that sign in).
 */
export async function sendMail(mail: TMail): Promise<TMailOutcome> {
  const settings = config();
  const message = { from: settings.MAIL_FROM, ...mail };
  if (settings.SMTP_URL) {
    await smtpTransport(settings.SMTP_URL).sendMail(message);
    return "sent";
  }
  if (!isPublicDeployment(settings)) {
    await writeToMailbox(message);
    return "written";
  }
  log.warn({ kind: "mail", subject: mail.subject }, "mail not sent: SMTP_URL is not set");
  return "skipped";
}
