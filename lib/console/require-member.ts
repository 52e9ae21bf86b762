import { notFound, redirect } from "next/navigation";
import { environments, type TEnvironment } from "@/lib/environment";
import { consoleMember, type TSignedInMember } from "./session";

/** For console pages: the signed-in member, or a redirect to sign-in that comes back here. */
export async function requireMember(returnTo: string): Promise<TSignedInMember> {
  const member = await consoleMember();
  if (!member) redirect(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  return member;
}

export async function environmentParam(params: Promise<{ environment: string }>) {
  const { environment } = await params;
  if (!(environments as readonly string[]).includes(environment)) notFound();
  return environment as TEnvironment;
}

/** Only a path on this site may be a place to return to after signing in. */
export function safeReturnPath(value: string | string[] | undefined): string {
  const path = Array.isArray(value) ? value[0] : value;
  return path?.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\")
    ? path
    : "/console";
}
