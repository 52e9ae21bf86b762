"use client";

import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { memberRoles, type TMemberRole } from "@/lib/team/roles";
import { consoleFetch, queryKeys, type TMember } from "../console/api";
import { useCanChange } from "../console/member-role";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ErrorState, LoadingRows } from "../ui/states";
import { Time } from "../ui/time";
import ui from "../ui/ui.module.css";
import { useCellLabels } from "../ui/use-cell-labels";
import { ChangeRoleDialog } from "./change-role-dialog";
import { RemoveMemberDialog } from "./remove-member-dialog";

export function MembersTable({ currentUserId }: { currentUserId: string }) {
  const isOwner = useCanChange("owner");
  const members = useQuery({
    queryKey: queryKeys.members(),
    queryFn: () => consoleFetch<{ data: TMember[] }>("/api/console/team/members"),
  });
  const [changing, setChanging] = useState<{ member: TMember; role: TMemberRole }>();
  const [removing, setRemoving] = useState<TMember>();
  const table = useRef<HTMLTableElement>(null);
  useCellLabels(table);
  return (
    <div className={ui.card}>
      {members.error ? (
        <ErrorState error={members.error} onRetry={() => members.refetch()} />
      ) : (
        <table
          ref={table}
          className={`${ui.table} ${ui.stacked}`}
          aria-busy={members.isPending}
          aria-label="Members"
        >
          <thead>
            <tr>
              <th>Member</th>
              <th>Role</th>
              <th>Joined</th>
              <th>
                <span className={ui.srOnly}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.isPending ? (
              <LoadingRows columns={4} />
            ) : (
              members.data.data.map((member) => (
                <tr key={member.id} data-testid="member-row" data-email={member.email}>
                  <td>
                    {member.name ?? member.email}{" "}
                    {member.id === currentUserId ? <Badge tone="accent">you</Badge> : null}
                    <div className={ui.muted}>{member.email}</div>
                  </td>
                  <td>
                    {isOwner ? (
                      <select
                        className={ui.input}
                        aria-label={`Role of ${member.email}`}
                        value={member.role}
                        onChange={(event) =>
                          setChanging({ member, role: event.target.value as TMemberRole })
                        }
                      >
                        {memberRoles.map((role) => (
                          <option key={role} value={role}>
                            {role}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <Badge>{member.role}</Badge>
                    )}
                  </td>
                  <td>
                    <Time value={member.joinedAt} />
                  </td>
                  <td>
                    {isOwner ? (
                      <Button size="small" variant="ghost" onClick={() => setRemoving(member)}>
                        Remove
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
      {changing ? <ChangeRoleDialog {...changing} onClose={() => setChanging(undefined)} /> : null}
      {removing ? (
        <RemoveMemberDialog member={removing} onClose={() => setRemoving(undefined)} />
      ) : null}
    </div>
  );
}
