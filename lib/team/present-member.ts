import type { TUser } from "@/db/schema";
import type { TMember } from "./schemas";

export function presentMember(user: TUser): TMember {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    joinedAt: user.createdAt.toISOString(),
  };
}
