/**
 * The verdict line of a run against its issue's goal: at least `minRate` per second offered for
 * at least `minSeconds`, kept up with (all `count` completed, the last within a second of the
 * last one sent), and p99 under `maxP99Ms`. A paced run can show at most its rate, and a little
 * less, since the last item completes after it was sent. Rate 0 is a backlog run, never the goal.
 */
export function goalVerdict(run: {
  goal: string;
  minRate: number;
  minSeconds?: number;
  maxP99Ms: number;
  rate: number;
  count: number;
  completed: number;
  lastSentMs: number;
  lastDoneMs: number;
  p99: number;
}): string {
  const keptUp = run.completed === run.count && run.lastDoneMs - run.lastSentMs < 1000;
  const seconds = run.rate > 0 ? run.count / run.rate : 0;
  const met =
    run.rate >= run.minRate && seconds >= (run.minSeconds ?? 0) && keptUp && run.p99 < run.maxP99Ms;
  const how =
    run.rate > 0
      ? `${run.rate}/s for ${seconds.toFixed(0)} s, ${keptUp ? "kept up" : "fell behind"}`
      : "a backlog run";
  return `goal (${run.goal}): ${met ? "met" : "NOT met"} (${how})`;
}
