import { db } from "@/db/client";
import { oauthClients } from "@/db/schema";
import { newId } from "@/lib/ids";
import { ZClientMetadata } from "./client-metadata";
import { OAuthError } from "./oauth-error";

/**
 * Registers a public client (RFC 7591): it gets a `client_id` and no secret, since it proves
 * itself with PKCE on each authorization. Answers the registered metadata, as this server
 * will apply it (authorization codes, and refresh tokens issued with each access token).
 */
export async function registerClient(input: unknown) {
  const parsed = ZClientMetadata.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.join(".");
    throw new OAuthError(
      path.startsWith("redirect_uris") ? "invalid_redirect_uri" : "invalid_client_metadata",
      `${path || "body"}: ${issue.message}`,
    );
  }
  const metadata = parsed.data;
  const [client] = await db
    .insert(oauthClients)
    .values({
      id: newId("oauthClient"),
      name: metadata.client_name ?? "An MCP client",
      redirectUris: metadata.redirect_uris,
      createdAt: new Date(),
    })
    .returning();
  return {
    client_id: client!.id,
    client_id_issued_at: Math.floor(client!.createdAt.getTime() / 1000),
    client_name: client!.name,
    redirect_uris: client!.redirectUris,
    token_endpoint_auth_method: "none",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  };
}
