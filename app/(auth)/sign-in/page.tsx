import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { oauthProviderIds } from "@/lib/console/auth-options";
import { safeReturnPath } from "@/lib/console/require-member";
import { consoleMember } from "@/lib/console/session";

export const metadata = { title: "Sign in · Agent Settlement Service" };

const errors: Record<string, string> = {
  OAuthAccountNotLinked: "This email signs in with a password. Use the form below.",
  CredentialsSignin: "The email or password is not correct.",
};

export default async function SignIn({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const returnTo = safeReturnPath(query.callbackUrl);
  if (await consoleMember()) redirect(returnTo);
  const error = typeof query.error === "string" ? (errors[query.error] ?? "Sign-in failed.") : "";
  return <SignInForm returnTo={returnTo} providers={oauthProviderIds()} initialError={error} />;
}
