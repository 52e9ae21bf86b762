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

/** The one error every client call throws. */
export class AgentSettlementError extends Error {
  readonly status: number;
  readonly code: string;
  readonly param: string | null;
  readonly docUrl: string | null;
  readonly requestId: string | null;

  constructor(fields: TAgentSettlementErrorFields, options?: { cause?: unknown }) {
    super(fields.message, options);
    this.name = "AgentSettlementError";
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
    return new AgentSettlementError({
      status: response.status,
      code: field("code") ?? `http_${response.status}`,
      message: field("message") ?? (text.slice(0, 200) || response.statusText),
      param: field("param"),
      docUrl: field("doc_url"),
      requestId,
    });
  }
}
