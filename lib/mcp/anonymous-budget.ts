import type { TAuthContext } from "@/lib/auth/auth-context";
import { enforceRateLimit } from "@/lib/pipeline/rate-limit";

type TSpend = (count: number) => Promise<void>;

/**
 * What an MCP request spends, as a function of how many requests: without a working credential
 * (a wrong one counts as none), its client address's budget with the Free numbers of
 * unauthenticated API requests; it sets the X-RateLimit-* headers and throws 429 once the budget
 * is spent. With one, nothing: its tool calls spend its organization's budget in the API.
 */
export function anonymousBudget({
  request,
  auth,
  headers,
}: {
  request: Request;
  auth: TAuthContext | undefined;
  headers: Headers;
}): TSpend {
  if (auth) return async () => {};
  return async (count) => {
    for (let spent = 0; spent < count; spent++) {
      await enforceRateLimit({ request, auth: undefined, headers });
    }
  };
}
