import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { buildOpenApiDocument } from "./document";

type TMedia = { schema?: object; example?: unknown };
type TOperation = {
  operationId: string;
  requestBody?: { content?: Record<string, TMedia> };
  responses: Record<string, { content?: Record<string, TMedia> }>;
};

const document = buildOpenApiDocument();
const ajv = new Ajv2020({ strict: false, validateFormats: false });
ajv.addSchema(document, "openapi");
const pointerSegment = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

const examples = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item ?? {}).flatMap(([method, value]) => {
    const operation = value as TOperation;
    const at = `openapi#/paths/${pointerSegment(path)}/${method}`;
    const request = operation.requestBody?.content?.["application/json"];
    return [
      ...(request
        ? [[`${operation.operationId} request`, request, `${at}/requestBody`] as const]
        : []),
      ...Object.entries(operation.responses)
        .filter(([status, response]) => status.startsWith("2") && response.content)
        .flatMap(([status, response]) => {
          const media = response.content?.["application/json"];
          return media
            ? [[`${operation.operationId} ${status}`, media, `${at}/responses/${status}`] as const]
            : [];
        }),
    ];
  }),
);

describe("the OpenAPI document's examples", () => {
  test("every operation with a JSON body or answer has examples of them", () => {
    expect(examples.length).toBeGreaterThan(50);
    expect(examples.filter(([, media]) => media.example === undefined)).toEqual([]);
  });

  test.each(examples)("%s matches its own schema", (_, media, pointer) => {
    const validate = ajv.getSchema(`${pointer}/content/application~1json/schema`);
    expect(validate).toBeDefined();
    expect(validate!(media.example), ajv.errorsText(validate!.errors)).toBe(true);
  });
});
