/** The rules that hold for every operation, shown at the top of the reference. */
export const conventions = [
  {
    title: "Base addresses and environments",
    body: "Production is /v1 with keys sk_live_…; sandbox is /sandbox/v1 with keys sk_test_… (or the whole SANDBOX_HOSTNAME host). A key used at the other environment's address gets 401 naming the right one. Sandbox and production data never mix.",
  },
  {
    title: "Authentication",
    body: "Send Authorization: Bearer <API key or agent token>. Keys carry scopes; an operation needing a scope the credential lacks answers 403. Another organization's resource answers 404.",
  },
  {
    title: "Agent tokens",
    body: "POST /auth/token with an API key issues an RS256 JWT (kid in the header) that acts as one of your agents with a subset of the key's scopes, for ttlSeconds (default 3600, at most 86400). Claims: iss (the service's origin), sub (agent id), aud (the base address it was issued at, /v1 or /sandbox/v1), org, env, scope (space separated), jti, iat, exp. Verify tokens offline with the keys at /.well-known/jwks.json; retired keys stay published until their last token has expired. A token with alg none or HS256, an unknown kid, another aud, or past exp is 401.",
  },
  {
    title: "Rate limits",
    body: "Per organization and environment by plan: a bucket of the plan's burst refilled every second at its per-minute rate, plus a daily cap per UTC day (Free 60/min, burst 10, 1000 a day; Pro 600/min, burst 100, 50000 a day; Enterprise 6000/min, burst 1000, no daily cap). Requests without a valid credential are limited per client address with the Free numbers. Every response, errors included, carries X-RateLimit-Limit (per minute), X-RateLimit-Remaining (requests left now) and X-RateLimit-Reset (Unix seconds when the bucket is full again, or when the daily window resets if that cap is spent). 429 rate_limited adds Retry-After in seconds.",
  },
  {
    title: "Idempotency",
    body: "Send Idempotency-Key (1 to 255 printable ASCII characters) with any POST. For 24 hours the same key from the same organization and environment replays the first response (status and body) with Idempotent-Replayed: true, and concurrent duplicates run once. The same key with another method, path or body is 409 conflict (param Idempotency-Key), as is a repeat while the first request is still running. Requests refused before they ran (400, 401, 403, 429) and 5xx responses are not stored, so a retry runs again.",
  },
  {
    title: "Identifiers, money and time",
    body: "Ids are a type prefix and 16 random base62 characters (agent-…, neg-…, stl-…, rcp-…, wh-…, ev-…, evt-…, key-…). Amounts are positive integers in the currency's minor unit (cents for USD), at most 10^15. Timestamps are ISO 8601 UTC with milliseconds.",
  },
  {
    title: "Lists",
    body: "limit (1–100, default 20) and cursor (from the previous page). Responses are {data, cursor, hasMore}, newest first; cursor is null on the last page. Rows inserted while you page never make a page repeat or skip a row.",
  },
  {
    title: "Requests",
    body: "Bodies are JSON (Content-Type: application/json), at most 1 MiB. Unknown fields are rejected with 400 and param naming them. Every POST accepts Idempotency-Key (see Idempotency).",
  },
  {
    title: "Webhook signatures",
    body: "Deliveries follow Standard Webhooks. Headers: webhook-id (the event id, the same on every retry: deduplicate on it), webhook-timestamp (Unix seconds of this attempt) and webhook-signature, a space-separated list of v1,<signature>, one per signing secret (two during a secret rotation's overlap). signature = standard base64 of HMAC-SHA256(key, UTF-8 bytes of webhook-id + \".\" + webhook-timestamp + \".\" + raw body). The key is the bytes of the base64 after whsec_ for a whsec_ secret, otherwise the secret's UTF-8 bytes. Accept when any listed signature equals yours (compare in constant time) and the timestamp is within 5 minutes of now. The body of each event type is in the document's webhooks section. The SDK's verifyWebhook does all of this.",
  },
  {
    title: "Receipt format",
    body: "A receipt's attestHash is 0x + hex(SHA-256(UTF-8 bytes of the RFC 8785 canonical JSON of the receipt body)). The body has exactly these members: id, settlementId, negotiationId, amount {value, currency}, parties [{agentId, role, amount}] (in the receipt's order), adapter, externalRef, policySnapshot, evidenceChainHead (the last evidence record's hash), evidenceChain (the record ids in order) and createdAt. Each evidence record's hash is 0x + hex(SHA-256(canonical JSON of {createdAt, id, payload, previousHash, type})); the first previousHash is 0x followed by 64 zeros, and each later one is the hash before it. The Merkle log entry is the 32 raw bytes of attestHash. Its leaf hash is SHA-256(0x00 || entry) and an inner node is SHA-256(0x01 || left || right) (RFC 9162). The tree head signs the C2SP checkpoint text <origin>\\n<tree size>\\n<root hash in standard base64>\\n with Ed25519, under the key whose kid is keyId in /.well-known/jwks.json. GET /receipts/{id}/bundle holds all of it; the SDK's verifyReceiptBundle (or its agent-settlement verify-receipt command; the SDK package is served at /sdk/agent-settlement-sdk.tgz) checks it offline.",
  },
];
