import Link from "next/link";
import type { TEnvironment } from "@/lib/environment";
import ui from "../ui/ui.module.css";
import styles from "./shell.module.css";

/** On every console page until the member's email is verified. */
export function VerifyEmailBanner({
  email,
  environment,
}: {
  email: string;
  environment: TEnvironment;
}) {
  return (
    <div
      className={`${ui.notice} ${styles.failingBanner}`}
      role="status"
      data-testid="verify-email-banner"
    >
      <strong>Verify your email.</strong> Open the link we mailed to {email}; until then you cannot
      invite teammates. <Link href={`/console/${environment}/account`}>Mail a new link</Link>
    </div>
  );
}
