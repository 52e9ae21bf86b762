import { isStorableText } from "@/lib/http/storable-text";
import { OAuthError } from "./oauth-error";

/** How long an access token works; then the client refreshes it. */
export const ACCESS_TOKEN_LIFETIME_S = 30 * 86_400;

/** A token request's form field, given exactly once and not empty. */
export function tokenField(form: URLSearchParams, name: string): string {
  const values = form.getAll(name);
  if (values.length !== 1 || !isStorableText(values[0]!) || values[0] === "")
    throw new OAuthError("invalid_request", `${name} must be given once.`);
  return values[0]!;
}
