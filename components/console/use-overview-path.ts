"use client";

import { useParams } from "next/navigation";

/** The overview of the environment the current console URL is in. */
export function useOverviewPath(): string {
  const { environment } = useParams<{ environment?: string }>();
  return environment ? `/console/${environment}` : "/console";
}
