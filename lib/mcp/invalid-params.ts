import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ProtocolError } from "./protocol-error";

type TRequestSchema = z.ZodObject<{ method: z.ZodLiteral<string>; params: z.ZodType }>;

/**
 * `schema` with its params checked so that bad params are JSON-RPC -32602 (Invalid params): the
 * SDK parses a request before its handler runs, and its parse error (a ZodError, which has no
 * JSON-RPC code) would be answered -32603 (Internal error).
 */
export function withInvalidParams<T extends TRequestSchema>(schema: T): T {
  const method = schema.shape.method.value;
  const params = z.unknown().transform((value) => {
    const parsed = schema.shape.params.safeParse(value);
    if (parsed.success) return parsed.data;
    throw new ProtocolError(
      ErrorCode.InvalidParams,
      `Invalid ${method} params: ${z.prettifyError(parsed.error)}`,
    );
  });
  return schema.extend({ params }) as unknown as T;
}
