/**
 * How long a run measures. `--quick` checks that the harness works in a few minutes; its figures
 * are noisier. The default is the measurement the goals are judged on.
 */
export type TSettings = {
  quick: boolean;
  /** `--profile`: the sustained benchmarks write and summarize CPU profiles (bench/lib/cpu-profile.ts). */
  profile: boolean;
  /** Alternating rounds of closed-loop load, each this long, after a warm-up of each load. */
  rounds: number;
  roundSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** How long an offered rate must be kept up with to count as sustained. */
  settleSeconds: number;
  webhookSeconds: number;
  /** Rates tried by a sustained-rate search, at most. */
  searchSteps: number;
  /** Multiplier between one tried rate and the next. */
  searchFactor: number;
  /** The first rate tried, as a fraction of the goal's rate (the floor × the goal ratio). */
  searchStart: number;
};

export function benchSettings(quick: boolean, profile = false): TSettings {
  return quick
    ? {
        quick,
        profile,
        rounds: 3,
        roundSeconds: 2,
        warmupSeconds: 1,
        connections: 10,
        settleSeconds: 5,
        webhookSeconds: 5,
        searchSteps: 3,
        searchFactor: 1.25,
        searchStart: 0.8,
      }
    : {
        quick,
        profile,
        rounds: 5,
        roundSeconds: 4,
        warmupSeconds: 3,
        connections: 10,
        settleSeconds: 30,
        webhookSeconds: 20,
        searchSteps: 8,
        searchFactor: 1.15,
        searchStart: 0.6,
      };
}
