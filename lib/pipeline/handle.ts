import type { TAuthContext } from "@/lib/auth/auth-context";
import type { TEnvironment } from "@/lib/environment";
import { allowAnyOrigin, anyOriginPreflight } from "@/lib/http/any-origin";
import type { ApiError } from "@/lib/http/api-error";
import { refuseAgentToken, requireScope } from "@/lib/http/authorize";
import { environmentOf } from "@/lib/http/environment";
import { toApiError } from "@/lib/http/error-response";
import { type TOperation, takesBody } from "@/lib/http/operation";
import { parseBody, parseNoBody } from "@/lib/http/parse-body";
import { parseQuery } from "@/lib/http/parse-query";
import { discardUnreadBody, readJsonBody } from "@/lib/http/read-body";
import {
  allowHeader,
  errorResponse,
  jsonResponse,
  methodNotAllowed,
  publicOrigin,
} from "@/lib/http/respond";
import { assertStorableText } from "@/lib/http/storable-text";
import { readIdempotencyKey } from "@/lib/idempotency/header";
import { runIdempotently } from "@/lib/idempotency/run";
import { newId } from "@/lib/ids";
import { recordRequest } from "@/lib/observability/record-request";
import { traceRequest } from "@/lib/observability/tracing";
import { logRequest } from "@/lib/request-logs/log-request";
import { authenticateAndLimit } from "./authenticate-and-limit";
import type { TOperationHandler, TRequestContext } from "./request-context";

export type TRouteHandler = (
  request: Request,
  route: { params: Promise<Record<string, string | string[] | undefined>> },
) => Promise<Response>;

/**
 * The one request pipeline of every /v1 operation:
 * authenticate → rate limit → authorize the scope → parse params, query and body (every POST's
 * and PATCH's, a bodiless operation's too) →
 * claim the Idempotency-Key (POST) → run → JSON.
 * Whatever is thrown becomes the error envelope; every response carries Request-Id and, unless
 * rate limiting is off, the X-RateLimit-* headers.
 */
export function handle<Op extends TOperation>(
  operation: Op,
  handler: TOperationHandler<Op>,
): TRouteHandler {
  return (request, route) =>
    traceRequest(operation.operationId, async () => {
      const startedAt = performance.now();
      const requestId = newId("request");
      const url = new URL(request.url);
      const environment = environmentOf(request, url);
      let auth: TAuthContext | undefined;
      const response = await answer({
        request,
        route,
        requestId,
        url,
        environment,
        operation,
        handler,
        onAuth: (found) => {
          auth = found;
        },
      });
      recordRequest({
        requestId,
        operation: operation.operationId,
        method: request.method,
        environment,
        auth,
        response,
        startedAt,
      });
      logRequest({ requestId, method: request.method, url, auth, response, startedAt });
      discardUnreadBody(request);
      return response;
    });
}

async function answer<Op extends TOperation>({
  request,
  route,
  requestId,
  url,
  environment,
  operation,
  handler,
  onAuth,
}: {
  request: Request;
  route: Parameters<TRouteHandler>[1];
  requestId: string;
  url: URL;
  environment: TEnvironment;
  operation: Op;
  handler: TOperationHandler<Op>;
  onAuth: (auth: TAuthContext) => void;
}): Promise<Response> {
  const origin = publicOrigin(request, url);
  const headers = new Headers({ "Request-Id": requestId });
  const fail = (error: unknown) => errorResponse(toApiError(error, requestId), origin, headers);
  try {
    const auth = await authenticateAndLimit({
      request,
      environment,
      origin,
      headers,
      mode: operation.scope === null ? "none" : "required",
      onAuthenticated: onAuth,
    });
    if (auth && operation.scope) requireScope(auth, operation.scope);
    if (auth && operation.organizationWide) refuseAgentToken(auth);
    const idempotencyKey = operation.method === "post" ? readIdempotencyKey(request) : undefined;
    const rawParams = await route.params;
    assertStorableText(rawParams);
    const params = operation.params?.parse(rawParams);
    const query = parseQuery(operation.query, url);
    const json = takesBody(operation) ? (await readJsonBody(request)).value : undefined;
    const body = operation.body ? parseBody(operation.body, json) : parseNoBody(json);
    const context = { request, requestId, environment, origin, auth, params, query, body };
    const respond = async () => {
      try {
        const result = await handler(context as TRequestContext<Op>);
        if (!(result instanceof Response)) return jsonResponse(result, operation.status, headers);
        for (const [name, value] of headers) result.headers.set(name, value);
        return result;
      } catch (error) {
        return fail(error);
      }
    };
    if (!idempotencyKey || !auth) return await respond();
    return await runIdempotently({
      request,
      auth,
      key: idempotencyKey,
      body: json,
      headers,
      storedAnswer: operation.storedAnswer,
      respond,
    });
  } catch (error) {
    return fail(error);
  }
}

/**
 * An error for a request no operation handles (unknown path, wrong method), still counted
 * against the caller's budget and answered with the same headers as any other.
 */
export async function rejectRequest(request: Request, error: ApiError): Promise<Response> {
  const startedAt = performance.now();
  const requestId = newId("request");
  const url = new URL(request.url);
  const environment = environmentOf(request, url);
  const origin = publicOrigin(request, url);
  const headers = new Headers({ "Request-Id": requestId });
  let auth: TAuthContext | undefined;
  let response: Response;
  try {
    await authenticateAndLimit({
      request,
      environment,
      origin,
      headers,
      mode: "optional",
      onAuthenticated: (found) => {
        auth = found;
      },
    });
    response = errorResponse(error, origin, headers);
  } catch (limitError) {
    response = errorResponse(toApiError(limitError, requestId), origin, headers);
  }
  // One label for every path no operation serves, so that scanners cannot multiply the series.
  const operation = "unmatched";
  recordRequest({
    requestId,
    operation,
    method: request.method,
    environment,
    auth,
    response,
    startedAt,
  });
  logRequest({ requestId, method: request.method, url, auth, response, startedAt });
  discardUnreadBody(request);
  return response;
}

const allMethods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type TMethod = (typeof allMethods)[number];

/**
 * A route module's exports: the given handlers, a JSON 405 for every other method (Next.js
 * would otherwise answer an empty 405), and OPTIONS naming exactly the methods served (Next.js
 * would list every method). OPTIONS needs no credentials, as a CORS preflight carries none.
 * `anyOrigin`: a public read any web page may make (lib/http/any-origin.ts): every answer
 * carries `Access-Control-Allow-Origin: *` and OPTIONS answers the preflight.
 */
export function routeMethods(
  handlers: Partial<Record<TMethod, TRouteHandler>>,
  { anyOrigin = false }: { anyOrigin?: boolean } = {},
): Record<TMethod | "OPTIONS", TRouteHandler> {
  const allowed = Object.keys(handlers);
  const notAllowed: TRouteHandler = (request) => rejectRequest(request, methodNotAllowed(allowed));
  const options: TRouteHandler = async () => {
    const headers = { "Request-Id": newId("request") };
    if (anyOrigin) return anyOriginPreflight(allowed, headers);
    return new Response(null, {
      status: 204,
      headers: { ...headers, Allow: allowHeader(allowed) },
    });
  };
  const served = (handler: TRouteHandler): TRouteHandler =>
    anyOrigin ? async (request, route) => allowAnyOrigin(await handler(request, route)) : handler;
  return {
    ...(Object.fromEntries(
      allMethods.map((method) => [method, served(handlers[method] ?? notAllowed)]),
    ) as Record<TMethod, TRouteHandler>),
    OPTIONS: options,
  };
}
