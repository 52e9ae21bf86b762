import type { TAuthContext } from "@/lib/auth/auth-context";
import type { TEnvironment } from "@/lib/environment";
import { ApiError } from "@/lib/http/api-error";
import { authenticate } from "@/lib/pipeline/authenticate";

/** The caller behind an MCP request's credential when it works here (an API key or agent token). */
export async function credentialOf({
  request,
  environment,
  origin,
}: {
  request: Request;
  environment: TEnvironment;
  origin: string;
}): Promise<TAuthContext | undefined> {
  if (!request.headers.has("authorization")) return undefined;
  try {
    return await authenticate({ request, environment, origin });
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}
