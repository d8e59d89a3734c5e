import { useEffect, useState } from "react";
import { Pause, Play, Quote, Star } from "lucide-react";
import { useReducedMotion } from "../../lib/motion";

export interface Testimonial {
  content: string;
  author: string;
  role: string;
  company: string;
  rating: number;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();

/** Five stars that pop in one after another, 200 ms apart (SPEC §9); still under reduced motion. */
export function Stars({ rating, animate = true }: { rating: number; animate?: boolean }) {
  return (
    <div className="flex gap-1" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={`h-5 w-5 ${i < rating ? "fill-amber-400 text-amber-400" : "text-slate-300"} ${animate ? "animate-[star-pop_300ms_ease-out_both]" : ""}`}
          style={animate ? { animationDelay: `${i * 200}ms` } : undefined}
        />
      ))}
    </div>
  );
}

export function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-purple-600 to-blue-600 text-base font-bold text-white"
    >
      {initials(name)}
    </span>
  );
}

/**
 * Rotating testimonials: advance every 5000 ms, dot selectors, pause on hover/focus and by button
 * (WCAG 2.2.2); no auto-advance when the visitor prefers reduced motion.
 */
export function TestimonialCarousel({ items, interval = 5000 }: { items: Testimonial[]; interval?: number }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const reduced = useReducedMotion();
  const rotating = !reduced && !paused && !hovered && items.length > 1;

  useEffect(() => {
    if (!rotating) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % items.length), interval);
    return () => clearInterval(t);
  }, [rotating, items.length, interval]);

  const t = items[index]!;
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Client testimonials"
      className="mx-auto max-w-4xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div aria-live={rotating ? "off" : "polite"} className="relative rounded-3xl border border-slate-200 bg-white p-8 shadow-xl shadow-purple-900/5 sm:p-12">
        <Quote aria-hidden="true" className="absolute top-8 right-8 h-12 w-12 text-purple-100" />
        <div
          key={index}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${items.length}`}
          className="animate-[fade-in_400ms_ease-out]"
          data-testid="testimonial"
        >
          <figure>
            <Stars rating={t.rating} />
            <blockquote className="mt-6 text-lg leading-relaxed text-slate-800 sm:text-xl">“{t.content}”</blockquote>
            <figcaption className="mt-8 flex items-center gap-4">
              <Avatar name={t.author} />
              <span>
                <span className="block font-semibold text-slate-900">{t.author}</span>
                <span className="block text-sm text-slate-600">
                  {t.role}, {t.company}
                </span>
              </span>
            </figcaption>
          </figure>
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-2">
        {items.map((item, i) => (
          <button
            key={item.author}
            type="button"
            onClick={() => setIndex(i)}
            aria-label={`Show testimonial ${i + 1} of ${items.length}`}
            aria-current={i === index ? "true" : undefined}
            className="group flex h-8 w-8 items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={`block h-3 rounded-full transition-all ${i === index ? "w-8 bg-linear-to-r from-purple-600 to-blue-600" : "w-3 bg-slate-300 group-hover:bg-slate-400"}`}
            />
          </button>
        ))}
        {!reduced && (
          <button
            type="button"
            onClick={() => setPaused((p) => !p)}
            aria-label={paused ? "Resume testimonials" : "Pause testimonials"}
            className="ml-2 flex h-8 w-8 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            {paused ? <Play className="h-4 w-4" aria-hidden="true" /> : <Pause className="h-4 w-4" aria-hidden="true" />}
          </button>
        )}
      </div>
    </div>
  );
}
