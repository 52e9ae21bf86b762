import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export const metadata = { title: "Reset your password · Agent Settlement Service" };

// GET /forgot-password - ask for a password reset link by mail
export default function ForgotPassword() {
  return <ForgotPasswordForm />;
}
