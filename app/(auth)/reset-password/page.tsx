import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export const metadata = { title: "Choose a new password · Agent Settlement Service" };

// GET /reset-password#<token> - the page a reset mail links to
export default function ResetPassword() {
  return <ResetPasswordForm />;
}
