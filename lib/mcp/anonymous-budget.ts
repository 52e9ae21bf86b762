import type { TEnvironment } from "@/lib/environment";
import { ApiError } from "@/lib/http/api-error";
import { authenticate } from "@/lib/pipeline/authenticate";
import { enforceRateLimit } from "@/lib/pipeline/rate-limit";

type TSpend = (count: number) => Promise<void>;

/** Whether the request carries a credential that works here: an API key or agent token. */
async function hasCredential(request: Request, environment: TEnvironment, origin: string) {
  if (!request.headers.has("authorization")) return false;
  try {
    await authenticate({ request, environment, origin });
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

/**
 * What an MCP request spends, as a function of how many requests: without a working credential
 * (a wrong one counts as none), its client address's budget with the Free numbers of
 * unauthenticated API requests; it sets the X-RateLimit-* headers and throws 429 once the budget
 * is spent. With one, nothing: its tool calls spend its organization's budget in the API.
 */
export async function anonymousBudget({
  request,
  environment,
  origin,
  headers,
}: {
  request: Request;
  environment: TEnvironment;
  origin: string;
  headers: Headers;
}): Promise<TSpend> {
  if (await hasCredential(request, environment, origin)) return async () => {};
  return async (count) => {
    for (let spent = 0; spent < count; spent++) {
      await enforceRateLimit({ request, auth: undefined, headers });
    }
  };
}
