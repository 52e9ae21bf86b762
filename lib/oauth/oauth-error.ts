/**
 * An OAuth error as RFC 6749 §5.2 and RFC 7591 §3.2.2 spell it, the shape OAuth clients read:
 * `{error, error_description}`, 400 unless said otherwise.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
    this.name = "OAuthError";
  }
}

export const oauthJson = (body: unknown, status = 200) =>
  Response.json(body, {
    status,
    headers: { "Cache-Control": "no-store", Pragma: "no-cache" },
  });

export const oauthErrorResponse = (error: OAuthError) =>
  oauthJson({ error: error.error, error_description: error.description }, error.status);
