import { z } from "zod";
import { db } from "@/db/client";
import { oauthClients } from "@/db/schema";
import { isStorableText } from "@/lib/http/storable-text";
import { newId } from "@/lib/ids";
import { OAuthError } from "./oauth-error";

const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A redirect URI a public client may register: https, or http on a loopback host (RFC 8252). */
const ZRedirectUri = z
  .string()
  .max(2000)
  .refine((value) => {
    if (!isStorableText(value) || !URL.canParse(value)) return false;
    const url = new URL(value);
    if (url.hash || url.username || url.password) return false;
    return (
      url.protocol === "https:" || (url.protocol === "http:" && loopbackHosts.has(url.hostname))
    );
  }, "must be an https URL, or http on 127.0.0.1, localhost or [::1], without a fragment");

/** The client metadata this server reads (RFC 7591 §2); other members are ignored. */
const ZClientMetadata = z.object({
  redirect_uris: z.array(ZRedirectUri).min(1).max(10),
  client_name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine(isStorableText, "holds a character that cannot be stored")
    .optional(),
  token_endpoint_auth_method: z
    .literal("none", { error: "only public clients (none) are registered" })
    .optional(),
  grant_types: z
    .array(z.string().max(100))
    .max(10)
    .refine((types) => types.includes("authorization_code"), "must include authorization_code")
    .optional(),
  response_types: z
    .array(z.string().max(100))
    .max(10)
    .refine((types) => types.includes("code"), "must include code")
    .optional(),
});

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
