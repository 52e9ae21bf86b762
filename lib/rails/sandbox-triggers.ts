import { config } from "@/config";

/**
 * Amounts (in minor units) that make the sandbox rail misbehave, like card test numbers.
 * Any other amount succeeds at once.
 */
export const sandboxTriggers = {
  /** Declined by the rail: the settlement fails with `rail_declined`. */
  decline: 40002,
  /** Declined for lack of funds: the settlement fails with `insufficient_funds`. */
  insufficientFunds: 40009,
  /** The rail takes the payment but never answers in time; a status lookup finds it. */
  timeout: 40008,
  /** The rail answers payments and reversals after `SANDBOX_SLOW_MS` (default 3000 ms). */
  slow: 40005,
} as const;

export const sandboxSlowMs = () => config().SANDBOX_SLOW_MS;
