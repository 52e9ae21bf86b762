import styles from "./usage.module.css";

export type TBarSeries = { label: string; color: string; values: number[] };

const WIDTH = 720;
const HEIGHT = 180;
const LEFT = 48;
const BOTTOM = 22;

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * magnitude).find((candidate) => candidate >= value)!;
}

/** Stacked bars per day as plain SVG; each bar has a title so hovering shows its numbers. */
export function BarChart({
  title,
  days,
  series,
  format = String,
}: {
  title: string;
  days: string[];
  series: TBarSeries[];
  format?: (value: number) => string;
}) {
  const totals = days.map((_, index) => series.reduce((sum, s) => sum + s.values[index]!, 0));
  const max = niceMax(Math.max(0, ...totals));
  const plotHeight = HEIGHT - BOTTOM;
  const slot = (WIDTH - LEFT) / days.length;
  const barWidth = Math.max(4, slot * 0.62);
  const y = (value: number) => plotHeight - (value / max) * (plotHeight - 8);
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>
        <span>{title}</span>
        <span className={styles.legend}>
          {series.map((s) => (
            <span key={s.label}>
              <i style={{ background: s.color }} /> {s.label}
            </span>
          ))}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} className={styles.svg}>
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction}>
            <line
              x1={LEFT}
              x2={WIDTH}
              y1={y(max * fraction)}
              y2={y(max * fraction)}
              className={styles.grid}
            />
            <text x={LEFT - 6} y={y(max * fraction) + 4} textAnchor="end" className={styles.axis}>
              {format(max * fraction)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const x = LEFT + index * slot + (slot - barWidth) / 2;
          let base = 0;
          return (
            <g key={day} data-testid="chart-day" data-day={day} data-total={totals[index]}>
              <title>
                {`${day}: ${series.map((s) => `${s.label} ${format(s.values[index]!)}`).join(", ")}`}
              </title>
              {series.map((s) => {
                const value = s.values[index]!;
                const top = y(base + value);
                const rect = (
                  <rect
                    key={s.label}
                    x={x}
                    width={barWidth}
                    y={top}
                    height={y(base) - top}
                    fill={s.color}
                    rx={2}
                  />
                );
                base += value;
                return rect;
              })}
              {index % Math.ceil(days.length / 7) === 0 ? (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - 6}
                  textAnchor="middle"
                  className={styles.axis}
                >
                  {day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
