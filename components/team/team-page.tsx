"use client";

import Link from "next/link";
import { useState } from "react";
import type { TEnvironment } from "@/lib/environment";
import { useCanChange } from "../console/member-role";
import { Button } from "../ui/button";
import { PageHeader } from "../ui/page-header";
import { InvitationsTable } from "./invitations-table";
import { InviteDialog } from "./invite-dialog";
import { MembersTable } from "./members-table";
import styles from "./team.module.css";

export function TeamPage({
  environment,
  currentUserId,
}: {
  environment: TEnvironment;
  currentUserId: string;
}) {
  const [inviting, setInviting] = useState(false);
  const isOwner = useCanChange("owner");
  return (
    <>
      <PageHeader
        title="Team"
        description={
          <>
            Who can use this organization's console, in both environments. Every change is in the{" "}
            <Link href={`/console/${environment}/team/audit`}>audit log</Link>.
          </>
        }
        actions={
          isOwner ? (
            <Button variant="primary" onClick={() => setInviting(true)}>
              Invite member
            </Button>
          ) : undefined
        }
      />
      <h2 className={styles.sectionTitle}>Members</h2>
      <MembersTable currentUserId={currentUserId} />
      <h2 className={styles.sectionTitle}>Pending invitations</h2>
      <InvitationsTable />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
