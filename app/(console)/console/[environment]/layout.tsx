import "@/components/theme.css";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/console/providers";
import { Shell } from "@/components/console/shell";
import { environmentParam, requireMember, safeReturnPath } from "@/lib/console/require-member";

export const metadata = { title: { template: "%s · Console", default: "Console" } };

export default async function ConsoleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ environment: string }>;
}) {
  const environment = await environmentParam(params);
  const asked = (await headers()).get("x-console-path");
  const member = await requireMember(safeReturnPath(asked ?? `/console/${environment}`));
  return (
    <Providers role={member.role}>
      <Shell member={member} environment={environment}>
        {children}
      </Shell>
    </Providers>
  );
}
