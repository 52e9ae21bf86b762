import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { oauthClients, type TOauthClientRow } from "@/db/schema";
import { allScopes, type TScope } from "@/lib/auth/scopes";
import type { TEnvironment } from "@/lib/environment";
import { isStorableText } from "@/lib/http/storable-text";
import { clientFromMetadataDocument, isClientMetadataUrl } from "./client-metadata-document";
import { environmentOfResource } from "./resources";

/** An authorization request (RFC 6749 §4.1.1 with PKCE and RFC 8707) this server can grant. */
export type TAuthorizationRequest = {
  client: TOauthClientRow;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  resource: string;
  environment: TEnvironment;
  scopes: TScope[];
};

/**
 * What is wrong with a request: `redirect` false when the client or its redirect URI cannot be
 * trusted, so the error is shown, never sent there (RFC 6749 §4.1.2.1); otherwise it goes back
 * to the client as `error` and `error_description`.
 */
export type TAuthorizationProblem =
  | { redirect: false; error: string; description: string }
  | {
      redirect: true;
      error: string;
      description: string;
      redirectUri: string;
      state: string | undefined;
    };

const param = (params: URLSearchParams, name: string) => {
  const values = params.getAll(name);
  return values.length === 1 && isStorableText(values[0]!) ? values[0] : undefined;
};

const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The client `clientId` names: a registered one, or the one its client ID metadata document
 * describes, fetched under the address rules of the environment the request is for (the
 * strictest when it names none). A string says why there is none.
 */
async function requestedClient(
  clientId: string | undefined,
  environment: TEnvironment,
): Promise<TOauthClientRow | string> {
  if (clientId !== undefined && isClientMetadataUrl(clientId))
    return clientFromMetadataDocument({ url: clientId, environment });
  const [client] = clientId
    ? await db.select().from(oauthClients).where(eq(oauthClients.id, clientId))
    : [];
  return client ?? "No such client is registered.";
}

/**
 * Reads an authorization request: a registered client (or one a client ID metadata document
 * describes) and one of its redirect URIs exactly, `response_type=code`, an S256 PKCE
 * challenge, a `resource` that is one of this deployment's MCP servers (which decides the
 * environment), and scopes this API has (all of them when none are asked for).
 */
export async function readAuthorizationRequest(
  params: URLSearchParams,
  origin: string,
): Promise<TAuthorizationRequest | TAuthorizationProblem> {
  const resource = param(params, "resource");
  const environment = resource ? environmentOfResource(origin, resource) : undefined;
  const client = await requestedClient(param(params, "client_id"), environment ?? "production");
  if (typeof client === "string") {
    return { redirect: false, error: "invalid_client", description: client };
  }
  const redirectUri = param(params, "redirect_uri");
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return {
      redirect: false,
      error: "invalid_request",
      description: "redirect_uri is not one the client registered.",
    };
  }
  const state = param(params, "state");
  const refuse = (error: string, description: string): TAuthorizationProblem => ({
    redirect: true,
    error,
    description,
    redirectUri,
    state,
  });
  if (params.has("state") && state === undefined)
    return refuse("invalid_request", "state must be given once.");
  if (param(params, "response_type") !== "code")
    return refuse("unsupported_response_type", "response_type must be code.");
  const codeChallenge = param(params, "code_challenge");
  if (
    param(params, "code_challenge_method") !== "S256" ||
    !codeChallenge ||
    !PKCE_CHALLENGE.test(codeChallenge)
  )
    return refuse(
      "invalid_request",
      "PKCE is required: code_challenge (S256, base64url) and code_challenge_method=S256.",
    );
  if (!resource || !environment)
    return refuse("invalid_target", `resource must be ${origin}/mcp or ${origin}/sandbox/mcp.`);
  const scope = param(params, "scope");
  const asked = scope === undefined ? allScopes : scope.split(" ").filter(Boolean);
  const unknown = asked.filter((name) => !(allScopes as readonly string[]).includes(name));
  if (unknown.length > 0 || asked.length === 0)
    return refuse("invalid_scope", `Unknown scope: ${unknown.join(" ") || "(none)"}.`);
  return {
    client,
    redirectUri,
    state,
    codeChallenge,
    resource,
    environment,
    scopes: [...new Set(asked)] as TScope[],
  };
}

/** Where the user agent goes with the outcome: the redirect URI with the code or the error. */
export function redirectWith(
  request: { redirectUri: string; state: string | undefined },
  outcome: Record<string, string>,
  issuer: string,
): string {
  const url = new URL(request.redirectUri);
  for (const [name, value] of Object.entries(outcome)) url.searchParams.set(name, value);
  if (request.state !== undefined) url.searchParams.set("state", request.state);
  // RFC 9207: the issuer, so a client with several servers knows which one answered.
  url.searchParams.set("iss", issuer);
  return url.toString();
}
