import { z } from "zod";
import { isStorableText } from "@/lib/http/storable-text";

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

/**
 * The client metadata this server reads (RFC 7591 §2), registered or in a client ID metadata
 * document; other members are ignored.
 */
export const ZClientMetadata = z.object({
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
