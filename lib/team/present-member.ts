import type { TMemberRow } from "./get-member";
import type { TMember } from "./schemas";

export function presentMember(member: TMemberRow): TMember {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
    joinedAt: member.joinedAt.toISOString(),
  };
}
