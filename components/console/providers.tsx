"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { TMemberRole } from "@/lib/team/roles";
import { ConsoleApiError } from "./api";
import { MemberRoleProvider } from "./member-role";

function retry(failureCount: number, error: Error) {
  if (error instanceof ConsoleApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function Providers({ role, children }: { role: TMemberRole; children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <MemberRoleProvider role={role}>{children}</MemberRoleProvider>
    </QueryClientProvider>
  );
}
