import { CopyButton } from "../ui/copy-button";
import ui from "../ui/ui.module.css";

/** A new secret, shown once: after this dialog closes only its prefix and last four remain. */
export function SecretReveal({ secret }: { secret: string }) {
  return (
    <>
      <div className={ui.notice}>
        Copy this secret now and store it safely. For your security it will not be shown again.
      </div>
      <div className={ui.secretBox}>
        <span className={ui.secretValue} data-testid="secret-value">
          {secret}
        </span>
        <CopyButton value={secret} />
      </div>
    </>
  );
}
