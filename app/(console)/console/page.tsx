import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { ENVIRONMENT_COOKIE } from "@/lib/console/environment-cookie";
import { requireMember } from "@/lib/console/require-member";

export default async function ConsoleIndex() {
  await requireMember("/console");
  const remembered = (await cookies()).get(ENVIRONMENT_COOKIE)?.value;
  redirect(`/console/${remembered === "production" ? "production" : "sandbox"}`);
}
