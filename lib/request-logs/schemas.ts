import { z } from "zod";
import { ZCreatedRange } from "@/lib/http/created-range";
import { ZListQuery } from "@/lib/http/pagination";

/** A status class (`2xx`, `4xx`, `5xx`) or one exact status, as the request log filters them. */
export const ZStatusFilter = z
  .string()
  .trim()
  .regex(/^([1-5]xx|[1-5]\d\d)$/, "a status class like 4xx or a status like 429")
  .transform((value) =>
    value.endsWith("xx")
      ? { from: Number(value[0]) * 100, to: Number(value[0]) * 100 + 99 }
      : { from: Number(value), to: Number(value) },
  );

export const ZListRequestLogsQuery = z.strictObject({
  ...ZListQuery.shape,
  /** The request id, or its first characters. */
  requestId: z.string().trim().min(1).max(64).optional(),
  status: ZStatusFilter.optional(),
  keyId: z.string().trim().min(1).max(64).optional(),
  /** Text the path contains, ignoring case. */
  path: z.string().trim().min(1).max(200).optional(),
  ...ZCreatedRange.shape,
});

export type TListRequestLogsQuery = z.output<typeof ZListRequestLogsQuery>;

export type TRequestLog = {
  id: string;
  method: string;
  path: string;
  status: number;
  latencyMs: number;
  /** The API key that made the request (its current name), or null for an agent token. */
  key: { id: string; name: string | null } | null;
  /** The agent token (its jti) and the agent it acts as, or null for an API key. */
  token: { jti: string; agentId: string | null } | null;
  /** The error envelope the response carried, for failures. */
  error: Record<string, unknown> | null;
  createdAt: string;
};
