/** A goal on a figure's ratio: at least `min`, or below `max`. */
export type TGoal = { min: number } | { max: number };

/** One line of the summary table and one object of `.data/bench/summary.json`. */
export type TFigure = {
  name: string;
  value: number;
  unit: string;
  /** null for a figure whose goal bounds its value (boundedFigure): no floor, no ratio. */
  floor: number | null;
  ratio: number | null;
  goal: string;
  met: boolean;
  /** Further measurements of the same run (peak memory, latencies), printed beneath it. */
  details?: Record<string, number>;
};

const withDetails = (details: Record<string, number> | undefined) => (details ? { details } : {});

export function figure(options: {
  name: string;
  value: number;
  unit: string;
  floor: number;
  /** value ÷ floor unless the figure defines its own. */
  ratio?: number;
  goal: TGoal;
  details?: Record<string, number>;
}): TFigure {
  // A floor of nothing (every request of its rounds still in flight when they ended) measures
  // nothing: the figure is not met, whatever its ratio would say.
  const measured = options.floor > 0;
  const ratio = measured ? (options.ratio ?? options.value / options.floor) : 0;
  const { goal } = options;
  return {
    name: options.name,
    value: options.value,
    unit: options.unit,
    floor: options.floor,
    ratio,
    goal: "min" in goal ? `≥ ${goal.min}` : `< ${goal.max}`,
    met: measured && ("min" in goal ? ratio >= goal.min : ratio < goal.max),
    ...withDetails(options.details),
  };
}

/** A figure with no floor whose goal is a bound on the value itself (a latency). */
export function boundedFigure(options: {
  name: string;
  /** NaN when nothing was measured: not met. */
  value: number;
  unit: string;
  below: number;
  details?: Record<string, number>;
}): TFigure {
  return {
    name: options.name,
    value: options.value,
    unit: options.unit,
    floor: null,
    ratio: null,
    goal: `< ${options.below.toLocaleString("en-US")}`,
    met: options.value < options.below,
    ...withDetails(options.details),
  };
}
