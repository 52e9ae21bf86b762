import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";

export type TReceivedWebhook = { type: string; body: string; signed: boolean };

/** The HMAC key of a `whsec_<base64>` secret is its decoded bytes (Standard Webhooks). */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.slice("whsec_".length), "base64");
}

/** Checks `webhook-signature` the way an integrator's receiver does, with node:crypto only. */
function signatureValid(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const expected = createHmac("sha256", keyOf(secret))
    .update(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`)
    .digest();
  return String(headers["webhook-signature"] ?? "")
    .split(" ")
    .map((entry) => Buffer.from(entry.split(",")[1] ?? "", "base64"))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}

/**
 * A webhook receiver on 127.0.0.1 that answers `status` and `body` (changeable) and records what arrives,
 * with whether each request was signed with `secret` (set once the console generated it).
 */
export async function startReceiver() {
  const received: TReceivedWebhook[] = [];
  const state = { status: 200, body: "ok", secret: "" };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const type = (JSON.parse(body) as { type?: string }).type ?? "";
      received.push({ type, body, signed: signatureValid(state.secret, request.headers, body) });
      response.writeHead(state.status, { "Content-Type": "text/plain" }).end(state.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer: (status: number, body = "ok") => {
      state.status = status;
      state.body = body;
    },
    expectSecret: (secret: string) => {
      state.secret = secret;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
