import { redirect } from "next/navigation";

/**
 * Links made before tokens moved to the fragment (`/invitations/<token>`) still open: the token
 * moves to the fragment, so that it is in no later request, log or Referer.
 */
export default async function InvitationPathLink({
  params,
}: {
  params: Promise<{ token: string }>;
}) {
  const { token } = await params;
  redirect(`/invitations#${encodeURIComponent(token)}`);
}
