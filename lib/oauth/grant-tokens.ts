import { exchangeCode } from "./exchange-code";
import { OAuthError } from "./oauth-error";
import { refreshAccess } from "./refresh-tokens";

/** The token endpoint (RFC 6749 §3.2): an authorization code or a refresh token, for tokens. */
export function grantTokens(form: URLSearchParams) {
  switch (form.get("grant_type")) {
    case "authorization_code":
      return exchangeCode(form);
    case "refresh_token":
      return refreshAccess(form);
    default:
      throw new OAuthError(
        "unsupported_grant_type",
        "grant_type must be authorization_code or refresh_token.",
      );
  }
}
