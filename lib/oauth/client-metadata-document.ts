import { Agent, request } from "undici";
import { db } from "@/db/client";
import { oauthClients, type TOauthClientRow } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { pinnedLookup } from "@/lib/webhooks/url-safety/pinned-lookup";
import { checkWebhookUrl } from "@/lib/webhooks/url-safety/url-safety";
import { ZClientMetadata } from "./client-metadata";

/**
 * The largest document read. The draft suggests 5 KB; documents of widely used MCP clients
 * have been larger, so this is more lenient, and still bounded.
 */
const maxDocumentBytes = 65_536;
const fetchTimeoutMs = 5000;

/**
 * Whether a `client_id` names a client ID metadata document: an https URL with a path. Client
 * ids this server registers (`oac-…`) are never URLs.
 */
export const isClientMetadataUrl = (clientId: string) =>
  URL.canParse(clientId) &&
  new URL(clientId).protocol === "https:" &&
  new URL(clientId).pathname !== "/";

type TFetched = { ok: true; json: unknown } | { ok: false; problem: string };

/**
 * One GET of the document from the address vetted beforehand (DNS rebinding cannot swap it):
 * no redirects followed, no cookies or credentials sent, at most 64 KiB read, 5 s in all.
 */
async function download(url: string, environment: TEnvironment): Promise<TFetched> {
  const check = await checkWebhookUrl({ url, environment });
  if (!check.ok) {
    return {
      ok: false,
      problem: check.category
        ? `its host is refused (${check.category} address)`
        : `its URL is refused (${check.reason})`,
    };
  }
  const dispatcher = new Agent({
    connect: { lookup: pinnedLookup(check.address), timeout: fetchTimeoutMs },
    headersTimeout: fetchTimeoutMs,
    bodyTimeout: fetchTimeoutMs,
  });
  try {
    const answer = await request(check.url, {
      dispatcher,
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(fetchTimeoutMs),
    });
    if (answer.statusCode !== 200) {
      await answer.body.dump();
      return { ok: false, problem: `it answered HTTP ${answer.statusCode}, not 200` };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body) {
      size += (chunk as Buffer).length;
      if (size > maxDocumentBytes) {
        answer.body.destroy();
        return { ok: false, problem: `it is larger than ${maxDocumentBytes} bytes` };
      }
      chunks.push(chunk as Buffer);
    }
    try {
      return { ok: true, json: JSON.parse(Buffer.concat(chunks).toString("utf8")) };
    } catch {
      return { ok: false, problem: "it is not JSON" };
    }
  } catch (error) {
    const code = (error as { code?: string; name?: string }).code ?? (error as Error).name;
    return { ok: false, problem: `it could not be fetched (${code})` };
  } finally {
    await dispatcher.destroy();
  }
}

/** Members a metadata document must not hold: a client that publishes it has no secret. */
const secretMembers = ["client_secret", "client_secret_expires_at"];

/**
 * The client a client ID metadata document describes (draft-ietf-oauth-client-id-metadata-
 * document, as the MCP authorization spec asks): fetched from `url` on every authorization
 * request, under the same address rules as webhook URLs in `environment` (public addresses
 * only in production), and checked: `client_id` equal to `url`, the redirect URIs and name of a
 * registration, a public client (`token_endpoint_auth_method` none). The client is kept under
 * its URL so the token endpoint names the key after it. A string says why it cannot be used.
 */
export async function clientFromMetadataDocument({
  url,
  environment,
}: {
  url: string;
  environment: TEnvironment;
}): Promise<TOauthClientRow | string> {
  const cannot = (why: string) => `The client's metadata document cannot be used: ${why}.`;
  const parsed = new URL(url);
  if (parsed.href !== url || parsed.hash || parsed.username || parsed.password)
    return cannot("client_id must be a normalized https URL without a fragment or credentials");
  const fetched = await download(url, environment);
  if (!fetched.ok) return cannot(fetched.problem);
  const document = fetched.json;
  if (typeof document !== "object" || document === null || Array.isArray(document))
    return cannot("it is not a JSON object");
  const secret = secretMembers.find((name) => name in document);
  if (secret) return cannot(`it holds ${secret}`);
  if ((document as { client_id?: unknown }).client_id !== url)
    return cannot("its client_id is not the URL it was fetched from");
  const metadata = ZClientMetadata.safeParse(document);
  if (!metadata.success) {
    const issue = metadata.error.issues[0]!;
    return cannot(`${issue.path.join(".")}: ${issue.message}`);
  }
  const client = {
    name: metadata.data.client_name ?? parsed.host,
    redirectUris: metadata.data.redirect_uris,
  };
  const [row] = await db
    .insert(oauthClients)
    .values({ id: url, ...client, createdAt: new Date() })
    .onConflictDoUpdate({ target: oauthClients.id, set: client })
    .returning();
  return row!;
}
