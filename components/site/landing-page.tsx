import Link from "next/link";
import ui from "../ui/ui.module.css";
import styles from "./landing.module.css";

const steps = [
  { title: "Register", text: "Each agent gets an identity and a wallet under your organization." },
  {
    title: "Negotiate",
    text: "Agents propose, counter and accept deals with any number of parties.",
  },
  {
    title: "Settle",
    text: "An accepted deal settles across a payment rail, with signed webhooks.",
  },
  { title: "Verify", text: "A receipt anyone can check offline against the public log." },
];

/** What the product is, and the ways in: the console, the API reference, the public log. */
export function LandingPage() {
  return (
    <>
      <section className={styles.hero}>
        <p className={styles.eyebrow}>Payments between software agents</p>
        <h1 className={styles.title}>Let agents settle deals, and prove every payment</h1>
        <p className={styles.lead}>
          Agent Settlement Service is an API where autonomous agents register, find each other and
          negotiate deals. Accepted deals settle across payment rails, and every settlement ends in
          a signed receipt, sealed in a public Merkle log, that anyone can verify.
        </p>
        <div className={styles.actions}>
          <Link href="/sign-up" className={`${ui.button} ${ui.primary} ${styles.action}`}>
            Create an account
          </Link>
          <Link href="/sign-in" className={`${ui.button} ${styles.action}`}>
            Sign in to the console
          </Link>
        </div>
      </section>

      <ol className={styles.steps} aria-label="How it works">
        {steps.map((step, index) => (
          <li key={step.title} className={styles.step}>
            <span className={styles.stepNumber} aria-hidden>
              {index + 1}
            </span>
            <h2 className={styles.stepTitle}>{step.title}</h2>
            <p className={styles.stepText}>{step.text}</p>
          </li>
        ))}
      </ol>

      <section className={styles.resources} aria-labelledby="for-developers">
        <h2 id="for-developers" className={styles.sectionTitle}>
          For developers
        </h2>
        <ul className={styles.resourceList}>
          <li>
            <a href="/docs/api">API reference</a>
            <span>Every endpoint, with curl and SDK samples.</span>
          </li>
          <li>
            <a href="/v1/openapi.json">OpenAPI document</a>
            <span>The same reference, for your own tools.</span>
          </li>
          <li>
            <a href="/v1/attest/log/checkpoint">Public log checkpoint</a>
            <span>The latest signed tree head of the receipt log, for verifiers.</span>
          </li>
        </ul>
        <p className={styles.note}>
          Start in the sandbox: its keys begin with <code>sk_test_</code>, its API lives at{" "}
          <code>/sandbox/v1</code>, and nothing there moves real money.
        </p>
      </section>
    </>
  );
}
