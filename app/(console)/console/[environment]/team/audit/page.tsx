import { AuditLogPage } from "@/components/team/audit-log-page";
import { filtersKey } from "@/lib/console/filters-key";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Audit log" };

export default async function AuditLog({
  params,
  searchParams,
}: {
  params: Promise<{ environment: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/team/audit`);
  return <AuditLogPage key={filtersKey(await searchParams)} environment={environment} />;
}
