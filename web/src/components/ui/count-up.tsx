import { useEffect, useRef, useState } from "react";
import { formatCount } from "../../lib/format";
import { useOnceInView } from "../../lib/in-view";
import { prefersReducedMotion } from "../../lib/motion";

interface Props {
  end: number;
  /** Shown after the number: "+", "%", "/5", "/7". */
  suffix?: string;
  decimals?: number;
  /** Public counters take 2500 ms (SPEC §9). */
  duration?: number;
  className?: string;
}

/**
 * Counts from 0 up to `end` once, the first time it scrolls into view. The rendered HTML (and so a
 * reader without JavaScript) has the final value: only the animation, in the browser once the page
 * runs, starts from 0. With reduced motion (or no IntersectionObserver) it stays at the final value.
 * Screen readers get the final value only.
 */
export function CountUp({ end, suffix = "", decimals = 0, duration = 2500, className }: Props) {
  const ref = useRef<HTMLSpanElement>(null);
  const [value, setValue] = useState(end);
  const seen = useOnceInView(ref, { threshold: 0.4 });

  useEffect(() => {
    if (prefersReducedMotion() || typeof IntersectionObserver === "undefined") {
      setValue(end);
      return;
    }
    if (!seen) {
      setValue(0);
      return;
    }
    const start = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / duration);
      const eased = 1 - Math.pow(1 - t, 3);
      setValue(t >= 1 ? end : end * eased);
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    let frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [seen, end, duration]);

  const shown = decimals ? value.toFixed(decimals) : formatCount(Math.round(value));
  const final = decimals ? end.toFixed(decimals) : formatCount(end);
  return (
    <span className={className}>
      <span ref={ref} aria-hidden="true" className="tabular-nums">
        {shown}
        {suffix}
      </span>
      <span className="sr-only">
        {final}
        {suffix}
      </span>
    </span>
  );
}
