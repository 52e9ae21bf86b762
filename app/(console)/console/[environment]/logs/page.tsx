import { RequestLogsPage } from "@/components/request-logs/request-logs-page";
import { filtersKey } from "@/lib/console/filters-key";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Request logs" };

export default async function RequestLogs({
  params,
  searchParams,
}: {
  params: Promise<{ environment: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/logs`);
  return <RequestLogsPage key={filtersKey(await searchParams)} environment={environment} />;
}
