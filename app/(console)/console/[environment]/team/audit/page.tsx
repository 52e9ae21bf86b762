import { AuditLogPage } from "@/components/team/audit-log-page";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Audit log" };

export default async function AuditLog({ params }: { params: Promise<{ environment: string }> }) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/team/audit`);
  return <AuditLogPage environment={environment} />;
}
