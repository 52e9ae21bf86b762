import createFetchClient, { type Middleware } from "openapi-fetch";
import { AgentSettlementError } from "./errors";
import type { components, operations, paths } from "./generated/openapi";
import { listCall } from "./list";
import { fetchWithRetries, type TRetryOptions } from "./retry";
import { executeAndWait, type TWaitOptions, waitWhilePending } from "./wait";
import type { TWebhookEvent } from "./webhooks";

export type TClientOptions = {
  /** An API key (`sk_test_…` for the sandbox, `sk_live_…` for production) or an agent token. */
  apiKey: string;
  /** The service's origin. */
  baseUrl?: string;
  /** Only needed for agent tokens, whose environment the key prefix cannot tell. */
  environment?: "sandbox" | "production";
  retries?: TRetryOptions;
  /**
   * Milliseconds a call may take, its retries included; past it the call throws
   * ApiConnectionError `timeout`. Unset: no limit.
   */
  timeoutMs?: number;
  /** A fetch to use instead of the global one (tests, proxies, custom agents). */
  fetch?: (request: Request) => Promise<Response>;
};

/** Per-call options of every method. */
export type TCallOptions = {
  /** Aborts the call (ApiConnectionError `aborted`). */
  signal?: AbortSignal;
  /** This call's time limit, its retries included; the client's `timeoutMs` still applies. */
  timeoutMs?: number;
};

/** Per-call options of operations that change something. */
export type TRequestOptions = TCallOptions & {
  /** Sent as `Idempotency-Key`; by default each call gets a fresh one, reused by its retries. */
  idempotencyKey?: string;
};

/** One signal that aborts when the given one does, or after `timeoutMs` (a TimeoutError). */
const abortSignal = (signal: AbortSignal | undefined, timeoutMs: number | undefined) => {
  if (timeoutMs === undefined) return signal;
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
};
type TQuery<K extends keyof operations> = NonNullable<operations[K]["parameters"]["query"]>;
type TJsonBody<K extends keyof operations> = operations[K] extends {
  requestBody?: { content: { "application/json": infer Body } };
}
  ? Body
  : never;

export const DEFAULT_BASE_URL = "http://localhost:3000";

/** `/sandbox/v1` for sandbox credentials, `/v1` for production ones. */
export function basePath({ apiKey, environment }: Pick<TClientOptions, "apiKey" | "environment">) {
  const chosen =
    environment ??
    (apiKey.startsWith("sk_test_")
      ? "sandbox"
      : apiKey.startsWith("sk_live_")
        ? "production"
        : undefined);
  if (!chosen) {
    throw new AgentSettlementError({
      status: 0,
      code: "invalid_client_options",
      message: "pass `environment` with an agent token: only API keys tell their environment",
      param: "environment",
    });
  }
  return chosen === "sandbox" ? "/sandbox/v1" : "/v1";
}

const errorsThrown: Middleware = {
  onRequest({ request }) {
    if (request.method === "POST" && !request.headers.has("idempotency-key")) {
      request.headers.set("Idempotency-Key", crypto.randomUUID());
    }
    return request;
  },
  async onResponse({ response }) {
    if (!response.ok) throw await AgentSettlementError.fromResponse(response);
    return undefined;
  },
};

const init = (options: TCallOptions = {}) => ({
  signal: abortSignal(options.signal, options.timeoutMs),
});

const requestInit = (options: TRequestOptions = {}) => ({
  headers: options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {},
  ...init(options),
});

/**
 * Events as `events.list` and `events.get` return them: the union discriminated by `type` that
 * webhooks deliver, so that `event.type === "settlement.executed"` types `event.data.object`.
 */
type TEventPage = Omit<components["schemas"]["EventList"], "data"> & { data: TWebhookEvent[] };

/** The data of a call that succeeded; failures were thrown by the middleware already. */
const data = async <T>(pending: Promise<{ data?: T }>): Promise<T> => (await pending).data as T;

/**
 * A typed client for one environment. Every method resolves with the answer's data or throws
 * AgentSettlementError; POSTs carry an Idempotency-Key, and retries are safe.
 */
export function createClient(options: TClientOptions) {
  const origin = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  const retrying = fetchWithRetries(
    options.fetch ?? ((request) => fetch(request)),
    options.retries,
  );
  const transport = (request: Request) =>
    retrying(
      options.timeoutMs === undefined
        ? request
        : new Request(request, { signal: abortSignal(request.signal, options.timeoutMs) }),
    );
  const api = createFetchClient<paths>({
    baseUrl: `${origin}${basePath(options)}`,
    headers: { Authorization: `Bearer ${options.apiKey}` },
    fetch: transport,
  });
  api.use(errorsThrown);
  const id = (value: string) => ({ path: { id: value } });
  /** POST …/execute; with `waitSeconds`, the server holds the answer that long (`Prefer: wait`). */
  const execute = (settlementId: string, options: TRequestOptions = {}, waitSeconds?: number) => {
    const request = requestInit(options);
    return data(
      api.POST("/settlements/{id}/execute", {
        params: id(settlementId),
        body: {},
        ...request,
        headers: {
          ...request.headers,
          ...(waitSeconds === undefined ? {} : { Prefer: `wait=${waitSeconds}` }),
        },
      }),
    );
  };

  const settlements = {
    create: (body: TJsonBody<"createSettlement">, options?: TRequestOptions) =>
      data(api.POST("/settlements", { body, ...requestInit(options) })),
    list: (query: TQuery<"listSettlements"> = {}, options?: TCallOptions) =>
      listCall(
        (page) => data(api.GET("/settlements", { params: { query: page }, ...init(options) })),
        query,
      ),
    stats: (query: TQuery<"getSettlementStats"> = {}, options?: TCallOptions) =>
      data(api.GET("/settlements/stats", { params: { query }, ...init(options) })),
    get: (settlementId: string, options?: TCallOptions) =>
      data(api.GET("/settlements/{id}", { params: id(settlementId), ...init(options) })),
    /** Starts execution: resolves at once with status `executing`. */
    execute: (settlementId: string, options?: TRequestOptions) => execute(settlementId, options),
    reverse: (
      settlementId: string,
      body: TJsonBody<"reverseSettlement">,
      options?: TRequestOptions,
    ) =>
      data(
        api.POST("/settlements/{id}/reverse", {
          params: id(settlementId),
          body,
          ...requestInit(options),
        }),
      ),
    dispute: (
      settlementId: string,
      body: TJsonBody<"disputeSettlement">,
      options?: TRequestOptions,
    ) =>
      data(
        api.POST("/settlements/{id}/dispute", {
          params: id(settlementId),
          body,
          ...requestInit(options),
        }),
      ),
    /**
     * Executes and resolves with the settlement once it is final (`executed` or `failed`),
     * waiting on the server (`Prefer: wait`) and polling past its limit.
     */
    executeAndWait: (settlementId: string, wait?: TWaitOptions & TRequestOptions) =>
      executeAndWait({
        start: (seconds) => execute(settlementId, wait, seconds),
        poll: () =>
          data(api.GET("/settlements/{id}", { params: id(settlementId), signal: wait?.signal })),
        ...wait,
      }),
  };

  return {
    /** Who this client's credential is: organization, environment, scopes and plan. */
    me: (options?: TCallOptions) => data(api.GET("/me", init(options))),
    agents: {
      create: (body: TJsonBody<"createAgent">, options?: TRequestOptions) =>
        data(api.POST("/agents", { body, ...requestInit(options) })),
      list: (query: TQuery<"listAgents"> = {}, options?: TCallOptions) =>
        listCall(
          (page) => data(api.GET("/agents", { params: { query: page }, ...init(options) })),
          query,
        ),
      /** Ranked by relevance, not a cursor list: one page of at most `limit` agents. */
      discover: (query: TQuery<"discoverAgents">, options?: TCallOptions) =>
        data(api.GET("/agents/discover", { params: { query }, ...init(options) })),
      get: (agentId: string, options?: TCallOptions) =>
        data(api.GET("/agents/{id}", { params: id(agentId), ...init(options) })),
      update: (agentId: string, body: TJsonBody<"updateAgent">, options?: TCallOptions) =>
        data(api.PATCH("/agents/{id}", { params: id(agentId), body, ...init(options) })),
      delete: (agentId: string, options?: TCallOptions) =>
        data(api.DELETE("/agents/{id}", { params: id(agentId), ...init(options) })),
      /** The agent's public A2A agent card (discoverable agents only). */
      card: (agentId: string, options?: TCallOptions) =>
        data(api.GET("/agents/{id}/agent-card.json", { params: id(agentId), ...init(options) })),
      /** The wallet's balances and its ledger entries (a cursor list: iterate over `entries`). */
      wallet: (agentId: string, query: TQuery<"getAgentWallet"> = {}, options?: TCallOptions) =>
        data(
          api.GET("/agents/{id}/wallet", { params: { ...id(agentId), query }, ...init(options) }),
        ),
      /** Sandbox only: credits test money to an agent's wallet. */
      fundWallet: (
        agentId: string,
        body: TJsonBody<"fundAgentWallet">,
        options?: TRequestOptions,
      ) =>
        data(
          api.POST("/agents/{id}/wallet/fund", {
            params: id(agentId),
            body,
            ...requestInit(options),
          }),
        ),
    },
    /** The public keys an agent signs its negotiation responses with. */
    agentKeys: {
      add: (agentId: string, body: TJsonBody<"addAgentKey">, options?: TRequestOptions) =>
        data(api.POST("/agents/{id}/keys", { params: id(agentId), body, ...requestInit(options) })),
      list: (agentId: string, query: TQuery<"listAgentKeys"> = {}, options?: TCallOptions) =>
        listCall(
          (page) =>
            data(
              api.GET("/agents/{id}/keys", {
                params: { ...id(agentId), query: page },
                ...init(options),
              }),
            ),
          query,
        ),
      revoke: (agentId: string, keyId: string, options?: TRequestOptions) =>
        data(
          api.POST("/agents/{id}/keys/{keyId}/revoke", {
            params: { path: { id: agentId, keyId } },
            ...requestInit(options),
          }),
        ),
    },
    tokens: {
      issue: (body: TJsonBody<"issueAgentToken">, options?: TRequestOptions) =>
        data(api.POST("/auth/token", { body, ...requestInit(options) })),
      revoke: (body: TJsonBody<"revokeAgentTokens">, options?: TRequestOptions) =>
        data(api.POST("/auth/token/revoke", { body, ...requestInit(options) })),
    },
    negotiations: {
      create: (body: TJsonBody<"createNegotiation">, options?: TRequestOptions) =>
        data(api.POST("/negotiations", { body, ...requestInit(options) })),
      list: (query: TQuery<"listNegotiations"> = {}, options?: TCallOptions) =>
        listCall(
          (page) => data(api.GET("/negotiations", { params: { query: page }, ...init(options) })),
          query,
        ),
      get: (negotiationId: string, options?: TCallOptions) =>
        data(api.GET("/negotiations/{id}", { params: id(negotiationId), ...init(options) })),
      respond: (
        negotiationId: string,
        body: TJsonBody<"respondToNegotiation">,
        options?: TRequestOptions,
      ) =>
        data(
          api.POST("/negotiations/{id}/respond", {
            params: id(negotiationId),
            body,
            ...requestInit(options),
          }),
        ),
    },
    settlements,
    webhooks: {
      create: (body: TJsonBody<"createWebhook">, options?: TRequestOptions) =>
        data(api.POST("/webhooks", { body, ...requestInit(options) })),
      list: (query: TQuery<"listWebhooks"> = {}, options?: TCallOptions) =>
        listCall(
          (page) => data(api.GET("/webhooks", { params: { query: page }, ...init(options) })),
          query,
        ),
      get: (webhookId: string, options?: TCallOptions) =>
        data(api.GET("/webhooks/{id}", { params: id(webhookId), ...init(options) })),
      update: (webhookId: string, body: TJsonBody<"updateWebhook">, options?: TCallOptions) =>
        data(api.PATCH("/webhooks/{id}", { params: id(webhookId), body, ...init(options) })),
      delete: (webhookId: string, options?: TCallOptions) =>
        data(api.DELETE("/webhooks/{id}", { params: id(webhookId), ...init(options) })),
      test: (webhookId: string, body: TJsonBody<"testWebhook"> = {}, options?: TRequestOptions) =>
        data(
          api.POST("/webhooks/{id}/test", { params: id(webhookId), body, ...requestInit(options) }),
        ),
      deliveries: (
        webhookId: string,
        query: TQuery<"listWebhookDeliveries"> = {},
        options?: TCallOptions,
      ) =>
        listCall(
          (page) =>
            data(
              api.GET("/webhooks/{id}/deliveries", {
                params: { ...id(webhookId), query: page },
                ...init(options),
              }),
            ),
          query,
        ),
      deliveryAttempts: (webhookId: string, deliveryId: string, options?: TCallOptions) =>
        data(
          api.GET("/webhooks/{id}/deliveries/{deliveryId}/attempts", {
            params: { path: { id: webhookId, deliveryId } },
            ...init(options),
          }),
        ),
      retryDelivery: (webhookId: string, deliveryId: string, options?: TRequestOptions) =>
        data(
          api.POST("/webhooks/{id}/deliveries/{deliveryId}/retry", {
            params: { path: { id: webhookId, deliveryId } },
            ...requestInit(options),
          }),
        ),
    },
    events: {
      list: (query: TQuery<"listEvents"> = {}, options?: TCallOptions) =>
        listCall(
          (page) =>
            data(
              api.GET("/events", { params: { query: page }, ...init(options) }),
            ) as Promise<TEventPage>,
          query,
        ),
      get: (eventId: string, options?: TCallOptions) =>
        data(
          api.GET("/events/{id}", { params: id(eventId), ...init(options) }),
        ) as Promise<TWebhookEvent>,
      /** Sends the event again to one subscribed endpoint: resolves with the new delivery. */
      resend: (eventId: string, body: TJsonBody<"resendEvent">, options?: TRequestOptions) =>
        data(
          api.POST("/events/{id}/resend", { params: id(eventId), body, ...requestInit(options) }),
        ),
    },
    receipts: {
      list: (query: TQuery<"listReceipts"> = {}, options?: TCallOptions) =>
        listCall(
          (page) => data(api.GET("/receipts", { params: { query: page }, ...init(options) })),
          query,
        ),
      get: (receiptId: string, options?: TCallOptions) =>
        data(api.GET("/receipts/{id}", { params: id(receiptId), ...init(options) })),
      /** The self-contained bundle `verifyReceiptBundle` checks offline; 409 until sealed. */
      bundle: (receiptId: string, options?: TCallOptions) =>
        data(api.GET("/receipts/{id}/bundle", { params: id(receiptId), ...init(options) })),
      /** The bundle, waiting while the receipt is not sealed in the log yet (`pending`). */
      sealedBundle: (receiptId: string, wait?: TWaitOptions & Pick<TCallOptions, "signal">) =>
        waitWhilePending(
          () =>
            data(api.GET("/receipts/{id}/bundle", { params: id(receiptId), signal: wait?.signal })),
          wait,
        ),
      verify: (
        receiptId: string,
        body: TJsonBody<"verifyReceipt"> = {},
        options?: TRequestOptions,
      ) =>
        data(
          api.POST("/receipts/{id}/verify", {
            params: id(receiptId),
            body,
            ...requestInit(options),
          }),
        ),
    },
    /** The x402 facilitator; x402 clients reach it through `@agent-settlement/sdk/x402`. */
    x402: {
      supported: (options?: TCallOptions) => data(api.GET("/x402/supported", init(options))),
      verify: (body: TJsonBody<"x402Verify">, options?: TRequestOptions) =>
        data(api.POST("/x402/verify", { body, ...requestInit(options) })),
      settle: (body: TJsonBody<"x402Settle">, options?: TRequestOptions) =>
        data(api.POST("/x402/settle", { body, ...requestInit(options) })),
    },
    attest: {
      verify: (body: TJsonBody<"attestVerify">, options?: TRequestOptions) =>
        data(api.POST("/attest/verify", { body, ...requestInit(options) })),
      evidence: (evidenceId: string, options?: TCallOptions) =>
        data(api.GET("/attest/evidence/{id}", { params: id(evidenceId), ...init(options) })),
      replay: (body: TJsonBody<"attestReplay">, options?: TRequestOptions) =>
        data(api.POST("/attest/replay", { body, ...requestInit(options) })),
      /** The latest signed tree head, as JSON (the endpoint's default is the signed note). */
      checkpoint: (options?: TCallOptions) =>
        data(
          api.GET("/attest/log/checkpoint", {
            ...init(options),
            headers: { accept: "application/json" },
          }),
        ),
      /** The log's signing keys, the tree sizes each signed, and the transition checkpoints. */
      logKeys: (options?: TCallOptions) => data(api.GET("/attest/log/keys", init(options))),
      consistencyProof: (query: TQuery<"getLogConsistencyProof">, options?: TCallOptions) =>
        data(api.GET("/attest/log/consistency", { params: { query }, ...init(options) })),
      inclusionProof: (query: TQuery<"getLogInclusionProof">, options?: TCallOptions) =>
        data(api.GET("/attest/log/proof", { params: { query }, ...init(options) })),
      /** A configured witness's cosignature of one of the log's checkpoints (c2sp.org/tlog-cosignature). */
      addCosignature: (body: TJsonBody<"addLogCosignature">, options?: TRequestOptions) =>
        data(api.POST("/attest/log/cosignatures", { body, ...requestInit(options) })),
    },
    /** The JWKS that signs tokens and tree heads, for verifyReceiptBundle. */
    jwks: async (options?: TCallOptions): Promise<unknown> => {
      const response = await transport(
        new Request(`${origin}/.well-known/jwks.json`, init(options)),
      );
      if (!response.ok) throw await AgentSettlementError.fromResponse(response);
      return response.json();
    },
  };
}

export type TAgentSettlementClient = ReturnType<typeof createClient>;
