import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";

/** The events page filtered to one object: everything that happened to it. */
export function EventsLink({
  environment,
  objectId,
}: {
  environment: TEnvironment;
  objectId: string;
}) {
  return (
    <Link href={`/console/${environment}/events?objectId=${encodeURIComponent(objectId)}`}>
      Its events
    </Link>
  );
}
