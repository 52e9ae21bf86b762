import { sdkCalls } from "./sdk-calls";

type TParameter = { name: string; in: string; required?: boolean; schema?: { example?: unknown } };

export type TSampleInput = {
  operationId: string;
  method: string;
  path: string;
  parameters: TParameter[];
  body: unknown;
};

const parameterExample = (parameter: TParameter | undefined) =>
  parameter?.schema?.example === undefined ? undefined : String(parameter.schema.example);

const pathExample = ({ parameters }: TSampleInput, name: string) =>
  parameterExample(parameters.find((p) => p.in === "path" && p.name === name));

/** The path with its `{id}`s replaced by their examples. */
const concretePath = (input: TSampleInput) =>
  input.path.replace(/\{([^}]+)\}/g, (whole, name: string) => pathExample(input, name) ?? whole);

/** Query parameters that have an example: required ones and the commonly used. */
const queryOf = ({ parameters }: TSampleInput) =>
  Object.fromEntries(
    parameters
      .filter((parameter) => parameter.in === "query" && parameterExample(parameter) !== undefined)
      .map((parameter) => [parameter.name, parameterExample(parameter)!]),
  );

/** A shell command that calls the operation in the sandbox, `$KEY` holding a `sk_test_` key. */
export function curlSample(input: TSampleInput): string {
  const query = new URLSearchParams(queryOf(input)).toString();
  const url = `$BASE/sandbox/v1${concretePath(input)}${query ? `?${query}` : ""}`;
  const lines = [
    `curl${input.method === "get" ? "" : ` -X ${input.method.toUpperCase()}`} "${url}"`,
    `  -H "Authorization: Bearer $KEY"`,
  ];
  if (input.body !== undefined) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${JSON.stringify(input.body)}'`);
  }
  return lines.join(" \\\n");
}

/** The same call with the SDK, or null for operations it leaves to plain HTTP. */
export function sdkSample(input: TSampleInput): string | null {
  const call = sdkCalls[input.operationId];
  if (!call) return null;
  const args = call.args.map((argument) => {
    if (argument === "id" || argument === "deliveryId" || argument === "keyId") {
      return JSON.stringify(pathExample(input, argument) ?? argument);
    }
    if (argument === "query") return JSON.stringify(queryOf(input));
    return JSON.stringify(input.body ?? {}, null, 2);
  });
  return `const result = await client.${call.method}(${args.join(", ")});`;
}
