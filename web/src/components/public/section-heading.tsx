import type { ReactNode } from "react";
import { container, eyebrow } from "../ui/classes";

/** Eyebrow, h2 and intro of a page section. */
export function SectionHeading({ id, kicker, title, intro, dark = false }: { id?: string; kicker?: string; title: ReactNode; intro?: ReactNode; dark?: boolean }) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      {kicker && <p className={dark ? "text-sm font-semibold tracking-wider text-purple-200 uppercase" : eyebrow}>{kicker}</p>}
      <h2 id={id} className={`mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${dark ? "text-white" : "text-slate-900"}`}>
        {title}
      </h2>
      {intro && <p className={`mt-4 text-lg leading-relaxed ${dark ? "text-slate-200" : "text-slate-600"}`}>{intro}</p>}
    </div>
  );
}

/**
 * A page section labelled by its heading: the section, the page container, the SectionHeading
 * (whose h2 carries `headingId`), then the section's content.
 */
export function PageSection({
  id,
  headingId,
  kicker,
  title,
  intro,
  className = "py-20 sm:py-24",
  width,
  children,
}: {
  id?: string;
  headingId: string;
  kicker?: string;
  title: ReactNode;
  intro?: ReactNode;
  /** The section's spacing and background. */
  className?: string;
  /** Extra classes for the container, e.g. a narrower max width. */
  width?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={headingId} className={className}>
      <div className={width ? `${container} ${width}` : container}>
        <SectionHeading id={headingId} kicker={kicker} title={title} intro={intro} />
        {children}
      </div>
    </section>
  );
}
