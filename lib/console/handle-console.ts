import type { z } from "zod";
import { db } from "@/db/client";
import { ApiError } from "@/lib/http/api-error";
import { toApiError } from "@/lib/http/error-response";
import { readJsonBody } from "@/lib/http/read-body";
import { errorResponse, jsonResponse, publicOrigin } from "@/lib/http/respond";
import { assertStorableText } from "@/lib/http/storable-text";
import { newId } from "@/lib/ids";
import { log } from "@/lib/observability/logger";
import type { TRouteHandler } from "@/lib/pipeline/handle";
import { recordAccountAuditEntry } from "@/lib/team/record-account-audit-entry";
import { recordAuditEntry } from "@/lib/team/record-audit-entry";
import { roleAllows, rolesAllowing, type TMemberRole } from "@/lib/team/roles";

import {
  auditEnvironment,
  auditTargetId,
  derivedAuditAction,
  resultEnvironment,
} from "./audit-fields";
import { isSameOrigin } from "./same-origin";
import { consoleMember, type TSignedInMember } from "./session";

type TSchemas = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
type TParsed<S extends z.ZodType | undefined> = S extends z.ZodType ? z.output<S> : undefined;

export type TConsoleContext<S extends TSchemas> = {
  member: TSignedInMember;
  organizationId: string;
  /** The request's id, for audit entries a handler writes itself. */
  requestId: string;
  /** The console's public origin, for links the response carries. */
  origin: string;
  params: TParsed<S["params"]>;
  query: TParsed<S["query"]>;
  body: TParsed<S["body"]>;
};

type TConsoleRouteOptions = {
  status?: number;
  /** The least role allowed; by default any member reads and developers or owners change. */
  role?: TMemberRole;
  /** A POST that changes nothing (a verification): any member may call it and it is not audited. */
  readOnly?: boolean;
  /** The audit log's name for this change; by default derived from the method and route. */
  action?: string;
};

const readMethods = new Set(["GET", "HEAD"]);

/**
 * The pipeline of every console JSON route: session → same origin (for changes) → role → parse
 * → run → audit (for changes). The organization always comes from the session, never from the
 * request.
 */
export function handleConsole<S extends TSchemas>(
  schemas: S,
  handler: (context: TConsoleContext<S>) => Promise<unknown>,
  { status = 200, role, readOnly = false, action }: TConsoleRouteOptions = {},
): TRouteHandler {
  return async (request, route) => {
    const requestId = newId("request");
    const headers = new Headers({ "Request-Id": requestId, "Cache-Control": "no-store" });
    const changes = !readMethods.has(request.method) && !readOnly;
    try {
      const member = await consoleMember();
      if (!member) {
        throw new ApiError({ code: "unauthorized", message: "Sign in to the console first." });
      }
      if (!readMethods.has(request.method) && !isSameOrigin(request)) {
        throw new ApiError({
          code: "forbidden",
          message: "Console changes are accepted only from the console's own pages.",
        });
      }
      const required = role ?? (changes ? "developer" : "viewer");
      if (!roleAllows(member.role, required)) {
        throw new ApiError({
          code: "forbidden",
          message: `This needs the ${rolesAllowing(required)} role; you are a ${member.role} of this organization.`,
        });
      }
      const rawParams = ((await route.params) ?? {}) as Record<string, unknown>;
      const query = Object.fromEntries(new URL(request.url).searchParams);
      assertStorableText(rawParams);
      assertStorableText(query);
      const context = {
        member,
        organizationId: member.organization.id,
        requestId,
        origin: publicOrigin(request),
        params: schemas.params?.parse(rawParams),
        query: schemas.query?.parse(query),
        body: schemas.body?.parse((await readJsonBody(request)).value),
      } as TConsoleContext<S>;
      const result = await handler(context);
      if (changes) {
        await audit({ request, requestId, member, rawParams, context, result, action });
      }
      if (result instanceof Response) {
        // A download (a CSV export): the handler's body and type, the console's headers.
        for (const [name, value] of headers) result.headers.set(name, value);
        return result;
      }
      return jsonResponse(result, status, headers);
    } catch (error) {
      return errorResponse(toApiError(error, requestId), publicOrigin(request), headers);
    }
  };
}

/**
 * Written after the change succeeded: an account's own change (`account.*`) in each of its
 * organizations, any other in the session's. A failure to write is logged, not answered: the change is
 * made, and reporting it as failed would invite a retry that makes it twice.
 */
async function audit({
  request,
  requestId,
  member,
  rawParams,
  context,
  result,
  action,
}: {
  request: Request;
  requestId: string;
  member: TSignedInMember;
  rawParams: Record<string, unknown>;
  context: { query: unknown; body: unknown };
  result: unknown;
  action: string | undefined;
}) {
  const entry = {
    organizationId: member.organization.id,
    actor: { id: member.user.id, email: member.user.email, role: member.role },
    requestId,
    action:
      action ??
      derivedAuditAction({
        method: request.method,
        pathname: new URL(request.url).pathname,
        params: rawParams,
      }),
    targetId: auditTargetId(rawParams, result),
    environment: auditEnvironment(context.query, context.body) ?? resultEnvironment(result),
  };
  const written = entry.action.startsWith("account.")
    ? recordAccountAuditEntry(db, {
        user: member.user,
        action: entry.action,
        targetId: entry.targetId,
        requestId,
      })
    : recordAuditEntry(entry);
  await written.catch((error: unknown) =>
    log.error({ err: error, ...entry }, "console audit entry not written"),
  );
}
