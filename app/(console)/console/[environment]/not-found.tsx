import { PageNotFound } from "@/components/console/page-not-found";

export default function ConsoleNotFound() {
  return <PageNotFound />;
}
