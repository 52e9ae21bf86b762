"use client";

import { useQuery } from "@tanstack/react-query";
import type { TEnvironment } from "@/lib/environment";
import { consoleFetch } from "./api";

/** One resource of a console JSON route, e.g. `useDetail("settlements", …)`. */
export function useDetail<T>(
  resource: string,
  environment: TEnvironment,
  id: string,
  queryKey: readonly unknown[],
  { refetchInterval }: { refetchInterval?: number } = {},
) {
  return useQuery({
    queryKey,
    refetchInterval,
    queryFn: () =>
      consoleFetch<T>(
        `/api/console/${resource}/${encodeURIComponent(id)}?environment=${environment}`,
      ),
  });
}
