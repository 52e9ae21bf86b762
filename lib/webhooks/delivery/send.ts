import type { ClientRequest, IncomingHttpHeaders } from "node:http";
import { request as httpRequest } from "node:http";
import { request as httpsRequest, type RequestOptions } from "node:https";
import { isIP } from "node:net";
import type { TEnvironment } from "@/lib/environment";
import { pinnedLookup } from "@/lib/webhooks/url-safety/pinned-lookup";
import type { TResolveHost } from "@/lib/webhooks/url-safety/resolve-host";
import { checkWebhookUrl, type TUrlCheck } from "@/lib/webhooks/url-safety/url-safety";
import { withinDeadline } from "@/lib/webhooks/url-safety/within-deadline";
import { receiverAgents, type TPinnedOptions } from "./receiver-agents";
import { parseRetryAfter } from "./retry-after";
import { maxRetryAfterMs } from "./schedule";
import { signWebhook, type TSignatureHeaders } from "./signing";

/** A 2xx within this time is a successful delivery (contract.md). */
export const defaultSendTimeoutMs = 10_000;
/** Only this much of a receiver's answer is read and kept. */
export const maxResponseBodyBytes = 4096;
export const webhookUserAgent = "AgentSettlementService-Webhooks/1.0";

export type TSendErrorCode =
  | "url_refused"
  | "timeout"
  | "network_error"
  | "redirect"
  | "http_error";

export type TSendResult = {
  /** The receiver answered 2xx. */
  ok: boolean;
  /** HTTP status of the answer, when there was one. */
  status?: number;
  /** The receiver answered 410 Gone. */
  gone: boolean;
  /** Wall time of the whole attempt, URL check included. */
  latencyMs: number;
  error?: { code: TSendErrorCode; message: string };
  /** From the answer's `Retry-After` (seconds or HTTP date), unscaled. */
  retryAfterMs?: number;
  /** The first 4 KiB of the answer, decoded as UTF-8. */
  responseBody: string;
  /** The answer's headers, when there was one. */
  responseHeaders?: IncomingHttpHeaders;
  /** The signature headers of this attempt, e.g. to report `signatureValid`. */
  signature: TSignatureHeaders;
  /** Every header of the request (sent, or that would have been when it was refused). */
  requestHeaders: Record<string, string>;
};

type TPostOutcome =
  | { kind: "response"; status: number; headers: IncomingHttpHeaders; body: string }
  | { kind: "timeout" }
  | { kind: "error"; message: string };

type TVettedTarget = Extract<TUrlCheck, { ok: true }>;

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

function describeError(error: unknown): string {
  const code = errorCode(error);
  if (code) return `connection failed (${code})`;
  return `connection failed (${error instanceof Error ? error.message : String(error)})`;
}

type TPostRequest = {
  target: TVettedTarget;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  ca?: string | Buffer;
};

/** A pooled connection the receiver had closed, found so when it was reused. */
type TStale = { kind: "stale"; message: string };

/** How a receiver that closed an idle pooled connection shows up when it is reused. */
const staleConnectionCodes = new Set(["ECONNRESET", "EPIPE"]);

/**
 * One POST to the vetted address over a pooled keep-alive connection; never follows redirects,
 * reads at most 4 KiB back. A pooled connection that turns out to be closed before anything
 * came back is replaced by a new one once (Node's `reusedSocket` pattern), so an idle timeout
 * on the receiver's side does not count as a failed attempt.
 */
async function post(request: TPostRequest): Promise<TPostOutcome> {
  const started = performance.now();
  const first = await postOnce(request, true);
  if (first.kind !== "stale") return first;
  const timeoutMs = Math.max(1, request.timeoutMs - (performance.now() - started));
  const second = await postOnce({ ...request, timeoutMs }, false);
  return second.kind === "stale" ? { kind: "error", message: second.message } : second;
}

function postOnce(
  { target, body, headers, timeoutMs, ca }: TPostRequest,
  pooled: boolean,
): Promise<TPostOutcome | TStale> {
  const { url, hostname, address } = target;
  const secure = url.protocol === "https:";
  const request = secure ? httpsRequest : httpRequest;
  const agent = secure ? receiverAgents.https : receiverAgents.http;
  return new Promise((resolve) => {
    let settled = false;
    let answer: { status: number; headers: IncomingHttpHeaders } | undefined;
    const chunks: Buffer[] = [];
    let received = 0;

    const options: RequestOptions & TPinnedOptions = {
      protocol: url.protocol,
      host: hostname,
      port: url.port === "" ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: "POST",
      headers: { ...headers, host: url.host },
      agent: pooled ? agent : false,
      pinnedAddress: address.address,
      lookup: pinnedLookup(address),
      ...(secure && isIP(hostname) === 0 ? { servername: hostname } : {}),
      ...(secure && ca ? { ca } : {}),
    };
    let req: ClientRequest;
    try {
      req = request(options);
    } catch (error) {
      resolve({ kind: "error", message: describeError(error) });
      return;
    }

    const finish = (outcome: TPostOutcome | TStale) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(outcome);
    };
    const finishAnswer = () => {
      if (!answer) return;
      const text = new TextDecoder("utf-8").decode(Buffer.concat(chunks));
      finish({ kind: "response", ...answer, body: text });
    };
    // On timeout after the status line arrived, the status stands and the body is what came.
    const timer = setTimeout(() => {
      if (answer) finishAnswer();
      else finish({ kind: "timeout" });
    }, timeoutMs);

    req.on("response", (res) => {
      answer = { status: res.statusCode ?? 0, headers: res.headers };
      res.on("data", (chunk: Buffer) => {
        const room = maxResponseBodyBytes - received;
        if (room > 0) {
          const kept = chunk.subarray(0, room);
          chunks.push(kept);
          received += kept.length;
        }
        if (received >= maxResponseBodyBytes) finishAnswer();
      });
      res.on("end", finishAnswer);
      res.on("error", finishAnswer);
      res.on("close", finishAnswer);
    });
    req.on("error", (error) => {
      if (answer) finishAnswer();
      else if (req.reusedSocket && staleConnectionCodes.has(String(errorCode(error))))
        finish({ kind: "stale", message: describeError(error) });
      else finish({ kind: "error", message: describeError(error) });
    });
    req.end(body);
  });
}

/**
 * Delivers one signed webhook: checks the URL again (the address may have changed since the
 * endpoint was registered), connects to the vetted address only, and reports the outcome.
 * `id` is the `webhook-id` (the event id, the same on every retry); the signature timestamp is
 * the time of this attempt. Never throws for anything the receiver or the network does.
 */
export async function sendWebhook({
  url,
  environment,
  id,
  body,
  secrets,
  timestamp = new Date(),
  timeoutMs = defaultSendTimeoutMs,
  allowPrivate,
  resolve,
  ca,
}: {
  url: string;
  environment: TEnvironment;
  id: string;
  body: string;
  /** Active signing secrets: the current one plus any in a rotation overlap. */
  secrets: readonly string[];
  timestamp?: Date;
  timeoutMs?: number;
  allowPrivate?: boolean;
  resolve?: TResolveHost;
  /** Extra trust anchors for https (tests with a self-signed receiver). */
  ca?: string | Buffer;
}): Promise<TSendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const signature = signWebhook({ id, body, secrets, timestamp });
  const requestHeaders: Record<string, string> = {
    // An unparsable URL is refused by the check below; the headers are still reported.
    ...(URL.canParse(url) ? { host: new URL(url).host } : {}),
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    "user-agent": webhookUserAgent,
    ...signature,
  };
  const failure = (code: TSendErrorCode, message: string): TSendResult => ({
    ok: false,
    gone: false,
    latencyMs: elapsed(),
    error: { code, message },
    responseBody: "",
    signature,
    requestHeaders,
  });
  const timeoutMessage = `no answer within ${timeoutMs} ms`;

  const check = await withinDeadline(
    checkWebhookUrl({
      url,
      environment,
      ...(allowPrivate === undefined ? {} : { allowPrivate }),
      ...(resolve ? { resolve } : {}),
    }),
    timeoutMs,
  );
  if (check === "timeout") return failure("timeout", timeoutMessage);
  if (!check.ok) return failure("url_refused", check.message);

  const outcome = await post({
    target: check,
    body,
    headers: requestHeaders,
    timeoutMs: Math.max(1, timeoutMs - (performance.now() - started)),
    ...(ca ? { ca } : {}),
  });
  if (outcome.kind === "timeout") return failure("timeout", timeoutMessage);
  if (outcome.kind === "error") return failure("network_error", outcome.message);

  const { status } = outcome;
  const asked = parseRetryAfter({ value: outcome.headers["retry-after"] });
  // No retry waits longer, and the attempt log stores it as a 32-bit integer.
  const retryAfterMs = asked === undefined ? undefined : Math.min(asked, maxRetryAfterMs);
  const answered = {
    status,
    gone: status === 410,
    latencyMs: elapsed(),
    responseBody: outcome.body,
    responseHeaders: outcome.headers,
    signature,
    requestHeaders,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
  if (status >= 200 && status < 300) return { ok: true, ...answered };
  if (status >= 300 && status < 400) {
    return {
      ok: false,
      ...answered,
      error: {
        code: "redirect",
        message: `receiver answered ${status}; redirects are not followed`,
      },
    };
  }
  return {
    ok: false,
    ...answered,
    error: { code: "http_error", message: `receiver answered ${status}` },
  };
}
