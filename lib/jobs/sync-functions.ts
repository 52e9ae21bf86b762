import { type TJobFunction, type TRawFunctionConfig, toJobFunctions } from "./function-config";
import { signedJson } from "./signing";
import type { THandlerTransport } from "./transport";

/**
 * In-band sync, as the Inngest server does it: a signed `PUT` with `x-inngest-sync-kind:
 * in_band` and `{"url": …}` answers with every function's configuration. The runner needs
 * nothing else from the SDK. Throws if the handler refuses or some option is unsupported.
 */
export async function syncFunctions(
  send: THandlerTransport,
  url: string,
  signingKey: string,
): Promise<TJobFunction[]> {
  const { body, headers } = signedJson({ url }, signingKey);
  const response = await send(
    new Request(url, {
      method: "PUT",
      headers: { ...headers, "x-inngest-sync-kind": "in_band" },
      body,
    }),
  );
  const text = await response.text();
  if (!response.ok || response.headers.get("x-inngest-sync-kind") !== "in_band") {
    throw new Error(
      `In-band sync with ${url} failed (HTTP ${response.status}): ${text.slice(0, 500)}`,
    );
  }
  const { functions } = JSON.parse(text) as { functions: TRawFunctionConfig[] };
  return toJobFunctions(functions);
}
