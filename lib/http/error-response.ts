import { z } from "zod";
import { log } from "@/lib/observability/logger";
import { ApiError } from "./api-error";
import { fromDatabaseError } from "./database-error";
import type { TErrorCode } from "./error-codes";

export const ZApiErrorBody = z
  .object({
    error: z.object({
      code: z
        .string()
        .meta({ description: "Machine-readable error code.", example: "invalid_request" }),
      message: z.string().meta({ description: "Human-readable explanation." }),
      param: z
        .string()
        .optional()
        .meta({ description: "The offending parameter, when there is one." }),
      doc_url: z.string().optional().meta({ description: "Where this error is documented." }),
    }),
  })
  .meta({ id: "Error" });

function fromZodError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  if (!issue) return new ApiError({ code: "invalid_request", message: "Invalid request." });
  const path = issue.path.map(String);
  if (issue.code === "unrecognized_keys") {
    const param = [...path, issue.keys[0] ?? ""].join(".");
    return new ApiError({
      code: "invalid_request",
      message: `Unknown parameter '${param}'.`,
      param,
    });
  }
  const param = path.join(".") || undefined;
  return new ApiError({
    code: "invalid_request",
    message: param ? `Invalid '${param}': ${issue.message}` : issue.message,
    param,
  });
}

/** Turns anything thrown by a handler into an ApiError; unknown errors are logged as 500s. */
export function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof z.ZodError) return fromZodError(error);
  const fromDatabase = fromDatabaseError(error);
  if (fromDatabase) return fromDatabase;
  log.error({ err: error, requestId }, "unhandled error");
  return new ApiError({
    code: "internal_error",
    message: `Something went wrong on our side. Quote request id ${requestId} when asking for help.`,
  });
}

export function docUrl(origin: string, code: TErrorCode): string {
  return `${origin}/docs/api#error-${code}`;
}

export function errorBody(error: ApiError, origin: string) {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.param ? { param: error.param } : {}),
      doc_url: docUrl(origin, error.code),
    },
  };
}
