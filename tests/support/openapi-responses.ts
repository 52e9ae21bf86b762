import { Ajv2020 } from "ajv/dist/2020.js";
import { buildOpenApiDocument } from "@/lib/openapi/document";

type TDocument = {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};

const document = buildOpenApiDocument() as unknown as TDocument;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(document, "openapi");

/** Why a webhook body does not match the document's schema for its event type; null if it does. */
export function webhookBodyProblem(type: string, body: unknown): string | null {
  const validate = ajv.getSchema(
    `openapi#/webhooks/${type}/post/requestBody/content/application~1json/schema`,
  );
  if (!validate) return `no webhook schema for ${type}`;
  return validate(body) ? null : ajv.errorsText(validate.errors);
}

export type TCheckedResponse = {
  method: string;
  path: string;
  status: number;
  /** Why the answer does not match the document; null when it does. */
  problem: string | null;
};

/**
 * A fetch for SDK clients that checks every JSON answer against the response schema the
 * OpenAPI document declares for its operation and status (JSON Schema 2020-12), and records
 * what it found for the test to assert.
 */
export function validatingFetch(basePath: string) {
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }));
  const checked: TCheckedResponse[] = [];

  const fetchAndCheck = async (request: Request): Promise<Response> => {
    const response = await fetch(request);
    const { pathname } = new URL(request.url);
    // Documents outside the API (the JWKS) are not operations of the document.
    if (!pathname.startsWith(`${basePath}/`)) return response;
    const path = pathname.slice(basePath.length);
    const method = request.method.toLowerCase();
    const template = templates.find((candidate) => candidate.pattern.test(path))?.template ?? path;
    const problem = await problemWith(template, method, response);
    checked.push({ method, path: template, status: response.status, problem });
    return response;
  };
  const problemWith = async (template: string, method: string, response: Response) => {
    const operation = document.paths[template]?.[method];
    if (!operation) return "no such operation in the document";
    const declared = operation.responses[String(response.status)] as
      | { content?: Record<string, unknown> }
      | undefined;
    if (!declared) return `status ${response.status} is not declared`;
    if (!declared.content?.["application/json"]) return null;
    const escaped = template.replace(/~/g, "~0").replace(/\//g, "~1");
    const validate = ajv.getSchema(
      `openapi#/paths/${escaped}/${method}/responses/${response.status}/content/application~1json/schema`,
    );
    if (!validate) return "the declared schema does not compile";
    const body: unknown = await response.clone().json();
    return validate(body) ? null : `${ajv.errorsText(validate.errors)} in ${JSON.stringify(body)}`;
  };
  return { fetch: fetchAndCheck, checked };
}
