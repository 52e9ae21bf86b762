"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { consoleFetch, queryKeys, type TInvitation } from "../console/api";
import { useCanChange } from "../console/member-role";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ErrorState, LoadingRows } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";

export function InvitationsTable() {
  const queryClient = useQueryClient();
  const isOwner = useCanChange("owner");
  const invitations = useQuery({
    queryKey: queryKeys.invitations(),
    queryFn: () => consoleFetch<{ data: TInvitation[] }>("/api/console/team/invitations"),
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      consoleFetch(`/api/console/team/invitations/${encodeURIComponent(id)}/revoke`, {
        method: "POST",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations() }),
  });
  if (invitations.error) {
    return (
      <div className={ui.card}>
        <ErrorState error={invitations.error} onRetry={() => invitations.refetch()} />
      </div>
    );
  }
  if (invitations.data?.data.length === 0) {
    return <p className={ui.muted}>No pending invitations.</p>;
  }
  return (
    <div className={ui.card}>
      {revoke.error ? (
        <div className={ui.alert} role="alert">
          {revoke.error.message}
        </div>
      ) : null}
      <table
        className={ui.table}
        aria-busy={invitations.isPending}
        aria-label="Pending invitations"
      >
        <thead>
          <tr>
            <th>Email</th>
            <th>Role</th>
            <th>Invited by</th>
            <th>Expires</th>
            <th>
              <span className={ui.srOnly}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.isPending ? (
            <LoadingRows columns={5} />
          ) : (
            invitations.data.data.map((invitation) => (
              <tr key={invitation.id} data-testid="invitation-row" data-email={invitation.email}>
                <td>{invitation.email}</td>
                <td>
                  <Badge>{invitation.role}</Badge>
                </td>
                <td className={ui.muted}>{invitation.invitedBy ?? "—"}</td>
                <td>
                  <Time value={invitation.expiresAt} />
                </td>
                <td>
                  {isOwner ? (
                    <Button
                      size="small"
                      variant="ghost"
                      onClick={() => revoke.mutate(invitation.id)}
                      disabled={revoke.isPending}
                    >
                      Revoke
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
