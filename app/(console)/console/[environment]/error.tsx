"use client";

import { useQueryClient } from "@tanstack/react-query";
import { PageError } from "@/components/console/page-error";

/** A server error arrives as an Error with a digest; a client one as whatever was thrown. */
function digestOf(error: unknown): string | undefined {
  return error instanceof Error && "digest" in error && typeof error.digest === "string"
    ? error.digest
    : undefined;
}

export default function ConsoleError({ error, retry }: { error: unknown; retry: () => void }) {
  const queryClient = useQueryClient();
  // Data the page crashed on stays cached: dropped, so trying again fetches it afresh.
  const tryAgain = () => {
    queryClient.removeQueries();
    retry();
  };
  return <PageError reference={digestOf(error)} onRetry={tryAgain} />;
}
