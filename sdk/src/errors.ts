/** What the API's error envelope holds, plus the request's id and HTTP status. */
export type TAgentSettlementErrorFields = {
  /** HTTP status; 0 when no answer arrived (network failure, timeout). */
  status: number;
  /** Machine-readable code: `invalid_request`, `rate_limited`, …, `connection_error`, `timeout`. */
  code: string;
  message: string;
  /** The offending parameter, when the server named one. */
  param?: string | null;
  docUrl?: string | null;
  /** The `Request-Id` the server answered with: quote it when asking for help. */
  requestId?: string | null;
};

/**
 * What every client call throws: this class or one of its subclasses below, chosen by the HTTP
 * status (status 0: no answer). Catch the base class for everything, or a subclass for one kind.
 */
export class AgentSettlementError extends Error {
  readonly status: number;
  readonly code: string;
  readonly param: string | null;
  readonly docUrl: string | null;
  readonly requestId: string | null;

  constructor(fields: TAgentSettlementErrorFields, options?: { cause?: unknown }) {
    super(fields.message, options);
    this.name = new.target.name;
    this.status = fields.status;
    this.code = fields.code;
    this.param = fields.param ?? null;
    this.docUrl = fields.docUrl ?? null;
    this.requestId = fields.requestId ?? null;
  }

  /** The error an answer outside 2xx stands for, read from its error envelope. */
  static async fromResponse(response: Response): Promise<AgentSettlementError> {
    const requestId = response.headers.get("request-id");
    const text = await response.text().catch(() => "");
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = undefined;
    }
    const error = (envelope as { error?: Record<string, unknown> } | undefined)?.error;
    const field = (name: string) => (typeof error?.[name] === "string" ? error[name] : null);
    return agentSettlementError({
      status: response.status,
      code: field("code") ?? `http_${response.status}`,
      message: field("message") ?? (text.slice(0, 200) || response.statusText),
      param: field("param"),
      docUrl: field("doc_url"),
      requestId,
    });
  }
}

/** 400, 413, 422: the request was refused as it stands; `param` names the field at fault. */
export class InvalidRequestError extends AgentSettlementError {}
/** 401: no credential, or one that is malformed, unknown, revoked or expired. */
export class AuthenticationError extends AgentSettlementError {}
/** 403: the credential lacks the scope, or acts as an agent the resource does not concern. */
export class PermissionError extends AgentSettlementError {}
/** 404: no such resource for this organization and environment. */
export class NotFoundError extends AgentSettlementError {}
/** 409 about the `Idempotency-Key`: it was used for another request, or is still in flight. */
export class IdempotencyError extends AgentSettlementError {}
/** 409: the resource's state does not allow this (an illegal transition, a newer round). */
export class ConflictError extends AgentSettlementError {}
/** 429: over the plan's rate limit (the client already waited and retried). */
export class RateLimitError extends AgentSettlementError {}
/** 5xx: the service failed; retry later with the same idempotency key. */
export class ApiServerError extends AgentSettlementError {}
/** Status 0: no answer arrived (network failure, timeout, an abort by your signal). */
export class ApiConnectionError extends AgentSettlementError {}

/** The error class of an answer's status, for the fields of its error envelope. */
export function agentSettlementError(
  fields: TAgentSettlementErrorFields,
  options?: { cause?: unknown },
): AgentSettlementError {
  const { status } = fields;
  if (status === 0) return new ApiConnectionError(fields, options);
  if (status === 401) return new AuthenticationError(fields, options);
  if (status === 403) return new PermissionError(fields, options);
  if (status === 404) return new NotFoundError(fields, options);
  if (status === 409)
    return fields.param?.toLowerCase() === "idempotency-key" ||
      fields.code.startsWith("idempotency")
      ? new IdempotencyError(fields, options)
      : new ConflictError(fields, options);
  if (status === 429) return new RateLimitError(fields, options);
  if (status >= 500) return new ApiServerError(fields, options);
  if (status >= 400) return new InvalidRequestError(fields, options);
  return new AgentSettlementError(fields, options);
}
