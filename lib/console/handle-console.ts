import type { z } from "zod";
import { ApiError } from "@/lib/http/api-error";
import { toApiError } from "@/lib/http/error-response";
import { readJsonBody } from "@/lib/http/read-body";
import { errorResponse, jsonResponse, publicOrigin } from "@/lib/http/respond";
import { newId } from "@/lib/ids";
import type { TRouteHandler } from "@/lib/pipeline/handle";
import type { TConsoleMember } from "@/lib/users/get-console-member";
import { isSameOrigin } from "./same-origin";
import { consoleMember } from "./session";

type TSchemas = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
type TParsed<S extends z.ZodType | undefined> = S extends z.ZodType ? z.output<S> : undefined;

export type TConsoleContext<S extends TSchemas> = {
  member: TConsoleMember;
  organizationId: string;
  params: TParsed<S["params"]>;
  query: TParsed<S["query"]>;
  body: TParsed<S["body"]>;
};

const readMethods = new Set(["GET", "HEAD"]);

/**
 * The pipeline of every console JSON route: session → same origin (for changes) → parse → run.
 * The organization always comes from the session, never from the request.
 */
export function handleConsole<S extends TSchemas>(
  schemas: S,
  handler: (context: TConsoleContext<S>) => Promise<unknown>,
  { status = 200 }: { status?: number } = {},
): TRouteHandler {
  return async (request, route) => {
    const headers = new Headers({ "Request-Id": newId("request"), "Cache-Control": "no-store" });
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
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const context = {
        member,
        organizationId: member.organization.id,
        params: schemas.params?.parse(await route.params),
        query: schemas.query?.parse(query),
        body: schemas.body?.parse((await readJsonBody(request)).value),
      } as TConsoleContext<S>;
      return jsonResponse(await handler(context), status, headers);
    } catch (error) {
      return errorResponse(
        toApiError(error, headers.get("Request-Id")!),
        publicOrigin(request),
        headers,
      );
    }
  };
}
