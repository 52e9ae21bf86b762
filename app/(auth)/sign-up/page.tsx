import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { consoleMember } from "@/lib/console/session";

export const metadata = { title: "Create your account · Agent Settlement Service" };

export default async function SignUp() {
  if (await consoleMember()) redirect("/console");
  return <SignUpForm />;
}
