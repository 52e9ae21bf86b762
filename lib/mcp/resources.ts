import { ErrorCode, type ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import type { TApiClient } from "./api-client";
import { ProtocolError } from "./protocol-error";

export const openApiResource = {
  uri: "openapi://v1",
  name: "openapi",
  title: "The API's OpenAPI 3.1 document",
  mimeType: "application/json",
};

export const receiptTemplate = {
  uriTemplate: "receipt://{id}",
  name: "receipt",
  title: "A receipt, with its attest hash and place in the public log",
  mimeType: "application/json",
};

/** Reads `receipt://<id>` through the API (the caller's credential and scopes) or the OpenAPI document. */
export async function readResource(uri: string, api: TApiClient): Promise<ReadResourceResult> {
  if (uri === openApiResource.uri) {
    const text = JSON.stringify(buildOpenApiDocument(), null, 2);
    return { contents: [{ uri, mimeType: "application/json", text }] };
  }
  const receiptId = /^receipt:\/\/([A-Za-z0-9_-]{1,100})$/.exec(uri)?.[1];
  if (!receiptId) throw new ProtocolError(ErrorCode.InvalidParams, `Unknown resource ${uri}`);
  const answer = await api({ method: "GET", path: `/receipts/${receiptId}` });
  if (answer.status >= 400) {
    const error = (answer.body as { error?: { code: string; message: string } })?.error;
    throw new ProtocolError(
      answer.status === 404 ? ErrorCode.InvalidParams : ErrorCode.InternalError,
      error ? `${error.code}: ${error.message}` : `The API answered ${answer.status}.`,
      error,
    );
  }
  return {
    contents: [{ uri, mimeType: "application/json", text: JSON.stringify(answer.body, null, 2) }],
  };
}
