import { InvitationView } from "@/components/auth/invitation-view";

export const metadata = { title: "Join an organization · Agent Settlement Service" };

/** `/invitations#invite_…`: the token is in the fragment, read by the page in the browser. */
export default function Invitation() {
  return <InvitationView />;
}
