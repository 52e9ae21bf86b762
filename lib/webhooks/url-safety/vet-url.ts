import type { TEnvironment } from "@/lib/environment";
import { invalid } from "@/lib/http/api-error";
import { checkWebhookUrl } from "./url-safety";

/** The URL as it will be stored (normalized), or a 400 naming `url` with the reason. */
export async function vetWebhookUrl({
  url,
  environment,
}: {
  url: string;
  environment: TEnvironment;
}): Promise<string> {
  const check = await checkWebhookUrl({ url, environment });
  if (!check.ok) throw invalid(`Invalid 'url': ${check.message}.`, "url");
  return check.url.href;
}
