import { VerifyEmailForm } from "@/components/auth/verify-email-form";

export const metadata = { title: "Verify your email · Agent Settlement Service" };

// GET /verify-email#<token> - the page a verification mail links to
export default function VerifyEmail() {
  return <VerifyEmailForm />;
}
