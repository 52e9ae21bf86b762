import { ErrorCode, type ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import type { TApiClient } from "./api-client";
import { docPages, docSections, searchDocs, type TDocSection } from "./docs-sections";
import { ProtocolError } from "./protocol-error";

export const openApiResource = {
  uri: "openapi://v1",
  name: "openapi",
  title: "The API's OpenAPI 3.1 document",
  mimeType: "application/json",
};

export const docsIndexResource = {
  uri: "docs://index",
  name: "docs",
  title: "The guides' table of contents: every section, with the URI that reads it",
  description:
    "Small enough for a model's context, unlike the OpenAPI document: read a section with docs://{page}/{section}, or find the sections about some words with docs://search?q=…",
  mimeType: "text/markdown",
};

export const docSectionTemplate = {
  uriTemplate: "docs://{page}/{section}",
  name: "docs-section",
  title: "One section of a guide (api-guide, receipts, webhooks, x402, mcp)",
  mimeType: "text/markdown",
};

export const docSearchTemplate = {
  uriTemplate: "docs://search{?q}",
  name: "docs-search",
  title: "The five guide sections that best match some words",
  mimeType: "text/markdown",
};

export const receiptTemplate = {
  uriTemplate: "receipt://{id}",
  name: "receipt",
  title: "A receipt, with its attest hash and place in the public log",
  mimeType: "application/json",
};

const markdown = (uri: string, text: string): ReadResourceResult => ({
  contents: [{ uri, mimeType: "text/markdown", text }],
});

const sectionUri = (section: TDocSection) => `docs://${section.page}/${section.slug}`;

const tableOfContents = (sections: TDocSection[]) =>
  docPages
    .map((page) => {
      const entries = sections
        .filter((section) => section.page === page)
        .map((each) => `- ${each.title}: ${sectionUri(each)} (${each.text.length} characters)`);
      return [`## ${page}`, ...entries].join("\n");
    })
    .join("\n\n");

/** The guides' resources: the index, a section, a search; undefined for any other URI. */
async function readDocs(uri: string): Promise<ReadResourceResult | undefined> {
  if (!uri.startsWith("docs://")) return undefined;
  const sections = await docSections();
  if (uri === docsIndexResource.uri) return markdown(uri, tableOfContents(sections));
  if (uri === "docs://search" || uri.startsWith("docs://search?")) {
    // URLSearchParams leaves a malformed escape as it is rather than throwing.
    const words = new URLSearchParams(uri.slice("docs://search?".length)).get("q")?.trim();
    if (!words) {
      throw new ProtocolError(ErrorCode.InvalidParams, "Search with docs://search?q=<words>.");
    }
    const found = searchDocs(sections, words);
    if (found.length === 0) return markdown(uri, `No section of the guides mentions: ${words}`);
    return markdown(
      uri,
      found.map((section) => `<!-- ${sectionUri(section)} -->\n${section.text}`).join("\n\n"),
    );
  }
  const section = sections.find((each) => sectionUri(each) === uri);
  if (!section) {
    throw new ProtocolError(
      ErrorCode.InvalidParams,
      `No guide section ${uri}; docs://index lists them.`,
    );
  }
  return markdown(uri, section.text);
}

/**
 * Reads `receipt://<id>` through the API (the caller's credential and scopes), the OpenAPI
 * document, or the guides (docs://…).
 */
export async function readResource(uri: string, api: TApiClient): Promise<ReadResourceResult> {
  if (uri === openApiResource.uri) {
    const text = JSON.stringify(buildOpenApiDocument(), null, 2);
    return { contents: [{ uri, mimeType: "application/json", text }] };
  }
  const docs = await readDocs(uri);
  if (docs) return docs;
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
