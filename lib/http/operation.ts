import type { z } from "zod";
import type { TScope } from "@/lib/auth/scopes";
import type { TErrorCode } from "./error-codes";

export type THttpMethod = "get" | "post" | "patch" | "delete";

/**
 * One API operation: what the handler wrapper enforces and what the OpenAPI document says,
 * from the same schemas.
 */
export type TOperation = {
  operationId: string;
  method: THttpMethod;
  /** OpenAPI path below the base address, e.g. `/agents/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /**
   * The scope the credential needs; "api_key": any API key, but not an agent token (token
   * issuance); "any_credential": any valid credential, no scope (`/me`); null: no credential
   * (e.g. public discovery documents).
   */
  scope: TScope | "api_key" | "any_credential" | null;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  status: 200 | 201 | 202;
  /** Other success statuses with the same body, and when they answer (e.g. after `Prefer`). */
  alsoAnswers?: Partial<Record<200 | 201 | 202, string>>;
  /** Request headers the operation reads besides Authorization and Idempotency-Key. */
  headers?: z.ZodObject;
  /**
   * The operation acts on the organization as a whole (webhooks, events, statistics, attest
   * investigations): an agent token, which acts as one agent, may not call it.
   */
  organizationWide?: true;
  /** It answers only in the sandbox (test money); production answers 403. */
  sandboxOnly?: true;
  /** Media types of the success answer besides JSON's default (text, binary tiles). */
  mediaTypes?: readonly ("application/json" | "text/plain" | "application/octet-stream")[];
  /** Errors this operation can answer besides the ones every authenticated operation can. */
  errors?: TErrorCode[];
  /** Why it is no MCP tool, when it is none: a machine's protocol step, not a model's. */
  notAnMcpTool?: string;
  /** Its success answer holds a credential, which an Idempotency-Key record must not store. */
  storedAnswer?: TStoredAnswer;
};

/**
 * How an Idempotency-Key record keeps a success answer that holds a credential: `seal` gives
 * what is stored in its place, `unseal` rebuilds the answer from that for a replay.
 */
export type TStoredAnswer = {
  seal: (answer: unknown) => unknown;
  unseal: (stored: unknown) => Promise<unknown>;
};

export const defineOperation = <const T extends TOperation>(operation: T): T => operation;

/** POST and PATCH take a JSON body; one without a body schema takes none, or `{}`. */
export const takesBody = (operation: Pick<TOperation, "method">) =>
  operation.method === "post" || operation.method === "patch";
