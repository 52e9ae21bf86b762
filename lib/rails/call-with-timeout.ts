import { config } from "@/config";

/** How long a rail call may take before its outcome is settled by a status lookup instead. */
export const railTimeoutMs = () => config().RAIL_TIMEOUT_MS;

/** The rail's answer, or `timeout` when it does not come within `railTimeoutMs()`. */
export async function callWithTimeout<T>(
  call: () => Promise<T>,
): Promise<T | { status: "timeout" }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ status: "timeout" }>((resolve) => {
    timer = setTimeout(() => resolve({ status: "timeout" }), railTimeoutMs());
  });
  try {
    return await Promise.race([call(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
