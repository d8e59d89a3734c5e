import { CountUp } from "../ui/count-up";

export interface Stat {
  end: number;
  /** Shown after the number: "+", "%", "/5", "/7". */
  suffix: string;
  label: string;
  decimals?: number;
}

/**
 * Figures that count up as they come into view: a description list whose items show the value above
 * its label (the label comes first in the DOM, so a screen reader reads it first).
 */
export function StatList({
  stats,
  className,
  itemClassName,
  labelClassName,
  valueClassName,
}: {
  stats: readonly Stat[];
  className: string;
  itemClassName: string;
  labelClassName: string;
  valueClassName: string;
}) {
  return (
    <dl className={className}>
      {stats.map((s) => (
        <div key={s.label} className={itemClassName}>
          <dt className={labelClassName}>{s.label}</dt>
          <dd className={valueClassName}>
            <CountUp end={s.end} suffix={s.suffix} decimals={s.decimals} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
