import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
} from "zod-openapi";
import { errorStatuses, type TErrorCode } from "@/lib/http/error-codes";
import { ZApiErrorBody } from "@/lib/http/error-response";
import { type TOperation, takesBody } from "@/lib/http/operation";
import { exampleOf } from "./examples";
import { allOperations } from "./operations";
import { tagDescriptions } from "./tags";
import { webhookPathItems } from "./webhook-events";

const errorDescriptions: Record<TErrorCode, string> = {
  invalid_request:
    "The request is malformed: invalid JSON, wrong content type, a missing, unknown or invalid field (named in `param`).",
  unauthorized:
    "The API key or token is missing, invalid, revoked, expired, or for the other environment.",
  forbidden: "The credential lacks the scope this operation needs.",
  not_found: "The resource does not exist, or belongs to another organization.",
  method_not_allowed: "The path does not answer this HTTP method.",
  conflict:
    "The request conflicts with the resource's current state, or with an earlier request under the same Idempotency-Key.",
  mandate_expired: "The paying agent's spending mandate has expired; nothing was paid.",
  mandate_currency_not_allowed:
    "The paying agent's spending mandate sets no limit for this currency, so it may not pay in it; nothing was paid.",
  mandate_limit_exceeded:
    "The amount is above the paying agent's mandate limit per settlement; nothing was paid.",
  mandate_daily_limit_exceeded:
    "The amount would take what the paying agent spent this UTC day above its mandate's daily limit; nothing was paid.",
  mandate_counterparty_not_allowed:
    "A party to be paid is not among the paying agent's mandate's allowed counterparties; nothing was paid.",
  payload_too_large: "The request body is larger than 1 MiB.",
  rate_limited: "Too many requests; retry after `Retry-After` seconds.",
  internal_error: "Something failed on our side; the request id helps us find it.",
  bad_gateway: "A system the request depends on (e.g. a webhook receiver) failed or timed out.",
  service_unavailable: "The service is temporarily unable to answer.",
};

export const errorReference = (Object.keys(errorStatuses) as TErrorCode[]).map((code) => ({
  code,
  status: errorStatuses[code],
  description: errorDescriptions[code],
}));

const errorResponse = (codes: TErrorCode[]) => ({
  description: codes.map((code) => `\`${code}\`: ${errorDescriptions[code]}`).join("\n\n"),
  content: { "application/json": { schema: ZApiErrorBody } },
});

/** The error codes an operation's reference lists: what a client must be ready for. */
export const documentedErrorCodes = (operation: TOperation): TErrorCode[] => [
  ...new Set<TErrorCode>([
    ...(takesBody(operation) || operation.query || operation.params
      ? ["invalid_request" as const]
      : []),
    ...(operation.scope ? (["unauthorized", "forbidden"] as const) : []),
    ...(takesBody(operation) ? ["payload_too_large" as const] : []),
    "rate_limited" as const,
    ...(operation.errors ?? []),
    "internal_error" as const,
    "service_unavailable" as const,
  ]),
];

const requestIdHeader = {
  "Request-Id": z
    .string()
    .meta({ description: "This request's id (`req-…`): quote it when asking for help." }),
};

const rateLimitHeaders = {
  "X-RateLimit-Limit": z
    .int()
    .meta({ description: "The plan's requests per minute (per address when unauthenticated)." }),
  "X-RateLimit-Remaining": z.int().meta({ description: "Requests left in the current window." }),
  "X-RateLimit-Reset": z.int().meta({
    description: "Unix time (seconds) when the budget is full again, or the daily cap resets.",
  }),
};

const retryAfterHeader = {
  "Retry-After": z.int().meta({ description: "Seconds to wait before retrying." }),
};

/** The headers an answer of `status` carries (the X-RateLimit-* ones while rate limiting is on). */
function headersFor(status: number) {
  return z.object({
    ...requestIdHeader,
    ...(status < 500 ? rateLimitHeaders : {}),
    ...(status === 429 || status === 503 ? retryAfterHeader : {}),
  });
}

function successContent(operation: TOperation) {
  return Object.fromEntries(
    (operation.mediaTypes ?? ["application/json"]).map((type) => [
      type,
      { schema: type === "application/json" ? operation.response : z.string() },
    ]),
  );
}

function responsesFor(operation: TOperation) {
  const codes = documentedErrorCodes(operation);
  const byStatus = new Map<number, TErrorCode[]>();
  for (const code of new Set(codes)) {
    byStatus.set(errorStatuses[code], [...(byStatus.get(errorStatuses[code]) ?? []), code]);
  }
  const successes: [number, string][] = [
    [operation.status, "Success."],
    ...Object.entries(operation.alsoAnswers ?? {}).map(
      ([status, description]): [number, string] => [Number(status), description],
    ),
  ];
  return {
    ...Object.fromEntries(
      successes.map(([status, description]) => [
        String(status),
        { description, headers: headersFor(status), content: successContent(operation) },
      ]),
    ),
    ...Object.fromEntries(
      [...byStatus].map(([status, list]) => [
        String(status),
        { ...errorResponse(list), headers: headersFor(status) },
      ]),
    ),
  };
}

/** A body is required only when an empty one (read as `{}`) would be refused. */
const bodyRequired = (body: z.ZodType) => !body.safeParse({}).success;

function operationObject(operation: TOperation): ZodOpenApiOperationObject {
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: [
      operation.description,
      operation.scope === "api_key"
        ? "Needs an API key (an agent token cannot call it); no particular scope."
        : operation.scope === "any_credential"
          ? "Any credential: an API key or an agent token, with any scopes."
          : operation.scope
            ? `Scope: \`${operation.scope}\`.`
            : undefined,
    ]
      .filter(Boolean)
      .join("\n\n"),
    tags: [operation.tag],
    security: operation.scope ? [{ bearer: [] }] : [],
    requestParams: {
      ...(operation.params ? { path: operation.params } : {}),
      ...(operation.query ? { query: operation.query } : {}),
      ...(operation.method === "post" || operation.headers
        ? {
            header: z.object({
              ...(operation.method === "post"
                ? {
                    "Idempotency-Key": z.string().max(255).optional().meta({
                      description: "Replays the first response for 24 hours; see Idempotency.",
                    }),
                  }
                : {}),
              ...operation.headers?.shape,
            }),
          }
        : {}),
    },
    ...(operation.body
      ? {
          requestBody: {
            required: bodyRequired(operation.body),
            content: { "application/json": { schema: operation.body } },
          },
        }
      : {}),
    responses: responsesFor(operation),
  };
}

type TMedia = { schema?: object; example?: unknown };
type TOperationObject = {
  requestBody?: { content?: Record<string, TMedia> };
  responses?: Record<string, { content?: Record<string, TMedia> }>;
};

/** A request and a success answer example on every operation, built from the schemas' examples. */
function addExamples(document: ReturnType<typeof createDocument>) {
  const components = (document.components?.schemas ?? {}) as Parameters<typeof exampleOf>[1];
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {}) as TOperationObject[]) {
      const request = operation.requestBody?.content?.["application/json"];
      if (request?.schema) request.example = exampleOf(request.schema, components, true);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const media = response.content?.["application/json"];
        if (status.startsWith("2") && media?.schema) {
          media.example = exampleOf(media.schema, components);
        }
      }
    }
  }
  return document;
}

export function buildOpenApiDocument(operations: TOperation[] = allOperations) {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method]: operationObject(operation),
    };
  }
  const document = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Agent Settlement Service API",
      version: "v1",
      description:
        "Agents register, discover each other, negotiate, settle across payment rails and receive verifiable receipts. A path answers a method it does not list with 405 `method_not_allowed` and an `Allow` header; a body over 1 MiB is 413 `payload_too_large`; every answer carries `Request-Id`, and errors share one envelope (`Error`).",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [
      { url: "/v1", description: "Production (keys `sk_live_…`)" },
      { url: "/sandbox/v1", description: "Sandbox (keys `sk_test_…`)" },
    ],
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({
      name,
      description: tagDescriptions[name] ?? name,
    })),
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "An API key (`sk_test_…`, `sk_live_…`) or an agent token from `POST /auth/token`.",
        },
      },
    },
    paths,
    webhooks: webhookPathItems(),
  });
  return addExamples(document);
}
