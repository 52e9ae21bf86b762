import "@/components/theme.css";
import type { ReactNode } from "react";
import { Providers } from "@/components/console/providers";
import { Shell } from "@/components/console/shell";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: { template: "%s · Console", default: "Console" } };

export default async function ConsoleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ environment: string }>;
}) {
  const environment = await environmentParam(params);
  const member = await requireMember(`/console/${environment}`);
  return (
    <Providers role={member.role}>
      <Shell member={member} environment={environment}>
        {children}
      </Shell>
    </Providers>
  );
}
