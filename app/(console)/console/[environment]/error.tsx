"use client";

import { PageError } from "@/components/console/page-error";

export default function ConsoleError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return <PageError error={error} onRetry={reset} />;
}
