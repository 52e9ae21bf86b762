import { buildOpenApiDocument, errorReference } from "@/lib/openapi/document";
import { schemaFields, type TSchemaField } from "@/lib/openapi/schema-fields";
import { conventions } from "./conventions";
import styles from "./reference.module.css";
import { curlSample, sdkSample } from "./samples";

export const metadata = { title: "API reference · Agent Settlement Service" };

type TParameter = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: object;
};
type TMediaContent = { content?: Record<string, { schema?: object; example?: unknown }> };
type TOperationDoc = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: TParameter[];
  requestBody?: TMediaContent;
  responses: Record<string, TMediaContent & { description: string }>;
};

/** Renders `code` spans of OpenAPI descriptions. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text
        .split("`")
        .map((part, index) => (index % 2 === 1 ? <code key={part}>{part}</code> : part))}
    </>
  );
}

/** The call with curl and with the SDK side by side, then the answer it gets. */
/** A code sample: it scrolls sideways when wider than its column, by keyboard too. */
function Code({ children }: { children: string }) {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users scroll a box by focusing it
  return <pre tabIndex={0}>{children}</pre>;
}

function Samples({
  path,
  method,
  operation,
}: {
  path: string;
  method: string;
  operation: TOperationDoc;
}) {
  const input = {
    operationId: operation.operationId,
    method,
    path,
    parameters: operation.parameters ?? [],
    body: operation.requestBody?.content?.["application/json"]?.example,
  };
  const sdk = sdkSample(input);
  const answer = Object.entries(operation.responses).find(([status]) => status.startsWith("2"));
  const example = answer?.[1].content?.["application/json"]?.example;
  return (
    <>
      <div className={styles.samples}>
        <figure>
          <figcaption>curl</figcaption>
          <Code>{curlSample(input)}</Code>
        </figure>
        {sdk ? (
          <figure>
            <figcaption>SDK</figcaption>
            <Code>{sdk}</Code>
          </figure>
        ) : null}
      </div>
      {example === undefined ? null : (
        <figure className={styles.answer}>
          <figcaption>{`Answer ${answer?.[0]}`}</figcaption>
          <Code>{JSON.stringify(example, null, 2)}</Code>
        </figure>
      )}
    </>
  );
}

function FieldTable({ fields }: { fields: TSchemaField[] }) {
  if (fields.length === 0) return null;
  return (
    <table className={styles.fields}>
      <tbody>
        {fields.map((field) => (
          <tr key={field.name}>
            <td>
              <code>{field.name}</code>
              {field.required ? <span className={styles.required}>required</span> : null}
            </td>
            <td>
              <code className={styles.type}>{field.type}</code>
            </td>
            <td>
              <Prose text={field.description} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function ApiReferencePage() {
  const document = buildOpenApiDocument();
  const components = (document.components?.schemas ?? {}) as Parameters<typeof schemaFields>[1];
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {}).map(([method, operation]) => ({
      path,
      method,
      operation: operation as TOperationDoc,
    })),
  );
  const tags = document.tags ?? [];
  return (
    <div className={styles.page}>
      <nav className={styles.sidebar} aria-label="API reference">
        <a href="#conventions">Conventions</a>
        {tags.map((tag) => (
          <div key={tag.name}>
            <a href={`#tag-${tag.name}`} className={styles.tagLink}>
              {tag.name}
            </a>
            {operations
              .filter(({ operation }) => operation.tags.includes(tag.name))
              .map(({ operation }) => (
                <a key={operation.operationId} href={`#${operation.operationId}`}>
                  {operation.summary}
                </a>
              ))}
          </div>
        ))}
        <a href="#errors" className={styles.tagLink}>
          Errors
        </a>
      </nav>
      <main className={styles.content}>
        <h1>{document.info.title}</h1>
        <p>{document.info.description}</p>
        <p>
          Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1).
        </p>
        <section id="conventions">
          <h2>Conventions</h2>
          {conventions.map((item) => (
            <div key={item.title}>
              <h3>{item.title}</h3>
              <p>{item.body}</p>
            </div>
          ))}
        </section>
        {tags.map((tag) => (
          <section key={tag.name} id={`tag-${tag.name}`}>
            <h2>{tag.name}</h2>
            <p>{tag.description}</p>
            {operations
              .filter(({ operation }) => operation.tags.includes(tag.name))
              .map(({ path, method, operation }) => {
                const success = Object.entries(operation.responses).find(([status]) =>
                  status.startsWith("2"),
                );
                const errors = Object.keys(operation.responses).filter(
                  (status) => !status.startsWith("2"),
                );
                return (
                  <article
                    key={operation.operationId}
                    id={operation.operationId}
                    className={styles.operation}
                  >
                    <h3>{operation.summary}</h3>
                    <p className={styles.endpoint}>
                      <span className={styles[method]}>{method.toUpperCase()}</span>{" "}
                      <code>/v1{path}</code>
                    </p>
                    {operation.description ? (
                      <p className={styles.description}>
                        <Prose text={operation.description} />
                      </p>
                    ) : null}
                    {(operation.parameters ?? []).length > 0 ? (
                      <>
                        <h4>Parameters</h4>
                        <FieldTable
                          fields={(operation.parameters ?? []).map((parameter) => ({
                            name: parameter.name,
                            type: `${parameter.in}`,
                            required: parameter.required ?? false,
                            description: parameter.description ?? "",
                          }))}
                        />
                      </>
                    ) : null}
                    {operation.requestBody ? (
                      <>
                        <h4>Request body</h4>
                        <FieldTable
                          fields={schemaFields(
                            operation.requestBody.content?.["application/json"]?.schema as never,
                            components,
                          )}
                        />
                      </>
                    ) : null}
                    {success ? (
                      <>
                        <h4>Response {success[0]}</h4>
                        <FieldTable
                          fields={schemaFields(
                            success[1].content?.["application/json"]?.schema as never,
                            components,
                          )}
                        />
                      </>
                    ) : null}
                    <Samples path={path} method={method} operation={operation} />
                    <p className={styles.errors}>Errors: {errors.join(", ")}</p>
                  </article>
                );
              })}
          </section>
        ))}
        <section id="errors">
          <h2>Errors</h2>
          <p>
            Every error is <code>{'{"error": {"code", "message", "param"?, "doc_url"?}}'}</code>{" "}
            with a <code>Request-Id</code> header.
          </p>
          <table className={styles.fields}>
            <tbody>
              {errorReference.map((error) => (
                <tr key={error.code} id={`error-${error.code}`}>
                  <td>{error.status}</td>
                  <td>
                    <code>{error.code}</code>
                  </td>
                  <td>
                    <Prose text={error.description} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </main>
    </div>
  );
}
