import { ApiError } from "@/lib/http/api-error";
import { rateLimitStore } from "@/lib/ratelimit/rate-limit-store";
import type { TTokenBucketInput } from "@/lib/ratelimit/store";

type TBucket = Omit<TTokenBucketInput, "key" | "rate">;

/** Sign-in attempts of any kind from one address. */
const attemptsPerAddress: TBucket = { burst: 10, refillPerSecond: 10 / 60 };
/**
 * Failed sign-ins to one account from one address: five, then one more every three minutes.
 * Keyed by address as well, so an attacker's failures never lock the owner out elsewhere.
 */
const failuresPerAccountAndAddress: TBucket = { burst: 5, refillPerSecond: 1 / 180 };
/** Sign-ups from one address. */
const signUpsPerAddress: TBucket = { burst: 10, refillPerSecond: 1 / 360 };
/** Password reset requests (and resets) from one address. */
const resetsPerAddress: TBucket = { burst: 10, refillPerSecond: 1 / 360 };

const minutesUntilOneToken = (bucket: TBucket) => Math.ceil(1 / bucket.refillPerSecond / 60);

/** Why a sign-in was not even checked; its message is shown in the sign-in form. */
export class SignInThrottled extends Error {}

/**
 * Runs `verify` (a password check) unless the address or this account from this address has
 * failed too often: each attempt spends a failure token first and gets it back on success, so
 * only failures count and a concurrent burst cannot check more passwords than the bucket holds.
 */
export async function throttledSignIn<T>({
  email,
  address,
  verify,
}: {
  email: string;
  address: string;
  verify: () => Promise<T | undefined>;
}): Promise<T | undefined> {
  const store = rateLimitStore();
  if (!store) return verify();
  const attempts = await store.tokenBucket({
    key: `console:sign-in:${address}`,
    ...attemptsPerAddress,
  });
  if (!attempts.success) {
    throw new SignInThrottled("Too many sign-in attempts from your network. Wait a minute.");
  }
  const failures = {
    key: `console:sign-in-failures:${email}:${address}`,
    ...failuresPerAccountAndAddress,
  };
  if (!(await store.tokenBucket(failures)).success) {
    const minutes = minutesUntilOneToken(failuresPerAccountAndAddress);
    throw new SignInThrottled(
      `Too many failed sign-ins to this account. Try again in ${minutes} minutes, or from another network.`,
    );
  }
  const result = await verify();
  if (result !== undefined) await store.tokenBucket({ ...failures, rate: -1 });
  return result;
}

/** What signed-out pages ask for, each with its budget per address. */
const pageRequests = {
  "sign-up": { bucket: signUpsPerAddress, what: "sign-ups" },
  "password-reset": { bucket: resetsPerAddress, what: "password reset requests" },
  "email-verification": { bucket: resetsPerAddress, what: "email verifications" },
} as const;

/** Spends one request of the address's budget for `kind`; 429 in the envelope when it is spent. */
export async function limitPageRequest(
  kind: keyof typeof pageRequests,
  address: string,
): Promise<void> {
  const store = rateLimitStore();
  if (!store) return;
  const { bucket, what } = pageRequests[kind];
  const outcome = await store.tokenBucket({ key: `console:${kind}:${address}`, ...bucket });
  if (outcome.success) return;
  const minutes = minutesUntilOneToken(bucket);
  throw new ApiError({
    code: "rate_limited",
    message: `Too many ${what} from your network; try again in ${minutes} minutes.`,
    headers: { "Retry-After": String(minutes * 60) },
  });
}
