import { RequestLogsPage } from "@/components/request-logs/request-logs-page";
import { environmentParam, requireMember } from "@/lib/console/require-member";

export const metadata = { title: "Request logs" };

const single = (value: string | string[] | undefined) => (typeof value === "string" ? value : "");

export default async function RequestLogs({
  params,
  searchParams,
}: {
  params: Promise<{ environment: string }>;
  searchParams: Promise<{ requestId?: string | string[]; keyId?: string | string[] }>;
}) {
  const environment = await environmentParam(params);
  await requireMember(`/console/${environment}/logs`);
  const search = await searchParams;
  const initial = { requestId: single(search.requestId), status: "", keyId: single(search.keyId) };
  // Keyed by the filters so that a link to other filters starts from them.
  return (
    <RequestLogsPage
      key={`${initial.requestId}|${initial.keyId}`}
      environment={environment}
      initial={initial}
    />
  );
}
