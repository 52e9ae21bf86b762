import type { z } from "zod";
import type { Scope } from "@/lib/auth/scopes";
import type { ErrorCode } from "./error-codes";

export type HttpMethod = "get" | "post" | "patch" | "delete";

/**
 * One API operation: what the handler wrapper enforces and what the OpenAPI document says,
 * from the same schemas.
 */
export type Operation = {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path below the base address, e.g. `/agents/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /**
   * The scope the credential needs; "api_key": any API key, but not an agent token (token
   * issuance); null: no credential (e.g. public discovery documents).
   */
  scope: Scope | "api_key" | null;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  status: 200 | 201 | 202;
  /**
   * The operation acts on the organization as a whole (webhooks, events, statistics, attest
   * investigations): an agent token, which acts as one agent, may not call it.
   */
  organizationWide?: true;
  /** Errors this operation can answer besides the ones every authenticated operation can. */
  errors?: ErrorCode[];
};

export const defineOperation = <const T extends Operation>(operation: T): T => operation;
