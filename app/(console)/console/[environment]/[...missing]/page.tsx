import { notFound } from "next/navigation";

/** Any console path no page answers: the console's own 404 (not-found.tsx), inside its navigation. */
export default function UnknownConsolePage() {
  notFound();
}
