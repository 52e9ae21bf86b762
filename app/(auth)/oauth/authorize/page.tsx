import { headers } from "next/headers";
import { redirect } from "next/navigation";
import styles from "@/components/auth/auth.module.css";
import { ConsentForm } from "@/components/oauth/consent-form";
import { requireMember } from "@/lib/console/require-member";
import { publicOriginOf } from "@/lib/http/respond";
import { readAuthorizationRequest, redirectWith } from "@/lib/oauth/authorization-request";
import { isClientMetadataUrl } from "@/lib/oauth/client-metadata-document";
import { roleAllows } from "@/lib/team/roles";

export const metadata = { title: "Authorize an MCP client · Agent Settlement Service" };

/** The query as the client sent it, every value of every parameter kept. */
function queryOf(query: Record<string, string | string[] | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
      params.append(name, item);
  }
  return params;
}

// GET /oauth/authorize - the consent screen of an MCP client's authorization request
export default async function Authorize({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = queryOf(await searchParams);
  const origin = publicOriginOf(await headers());
  // Signed in first: reading a request can fetch a client's metadata document, which nobody
  // signed out may make this server do.
  const member = await requireMember(`/oauth/authorize?${params}`);
  const request = await readAuthorizationRequest(params, origin);
  if ("error" in request) {
    if (request.redirect) {
      redirect(
        redirectWith(
          request,
          { error: request.error, error_description: request.description },
          origin,
        ),
      );
    }
    return (
      <main className={styles.card} data-testid="authorize-refused">
        <h1 className={styles.title}>This request cannot be authorized</h1>
        <p className={styles.subtitle}>{request.description}</p>
      </main>
    );
  }
  return (
    <ConsentForm
      query={params.toString()}
      clientName={request.client.name}
      clientHost={
        isClientMetadataUrl(request.client.id) ? new URL(request.client.id).host : undefined
      }
      redirectTo={new URL(request.redirectUri).origin}
      organization={member.organization}
      organizations={member.organizations}
      environment={request.environment}
      scopes={request.scopes}
      canGrant={roleAllows(member.role, "developer")}
    />
  );
}
