import { z } from "zod";
import { invalid } from "@/lib/http/api-error";
import type { TConsoleMember } from "@/lib/users/get-console-member";
import { readAuthorizationRequest } from "./authorization-request";
import { grantAuthorization } from "./grant-authorization";

/** The consent screen's answer: the authorization request's query, as the page received it. */
export const ZConsentBody = z.strictObject({ query: z.string().max(8192) });

/**
 * The member allows or denies the request the query holds, read again from scratch (the page
 * is not trusted): where the browser goes next, and for the audit log the environment and the
 * client.
 */
export async function answerConsent({
  member,
  query,
  allow,
  origin,
}: {
  member: TConsoleMember;
  query: string;
  allow: boolean;
  origin: string;
}) {
  const request = await readAuthorizationRequest(new URLSearchParams(query), origin);
  if ("error" in request) throw invalid(request.description, "query");
  const redirectTo = await grantAuthorization({ member, request, allow, issuer: origin });
  return { redirectTo, environment: request.environment, id: request.client.id };
}
