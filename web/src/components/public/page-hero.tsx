import type { ReactNode } from "react";
import { container } from "../ui/classes";

/** The faint dot grid over the hero art. */
export function HeroDots() {
  return <div aria-hidden="true" className="hero-dots" />;
}

interface Props {
  badge?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
  /** Taller, centred hero for the home page. */
  size?: "lg" | "md";
  align?: "center" | "left";
}

/** Dark hero every public page opens with; the fixed header sits over it, transparent. */
export function PageHero({ badge, title, subtitle, children, size = "md", align = "center" }: Props) {
  const centred = align === "center";
  return (
    <section className="hero-art on-dark relative isolate overflow-hidden text-white">
      <HeroDots />
      <div className={`${container} ${size === "lg" ? "pt-32 pb-20 sm:pt-40 sm:pb-28" : "pt-32 pb-16 sm:pt-36 sm:pb-20"} ${centred ? "text-center" : ""}`}>
        {badge && (
          <p className="inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-4 py-1.5 text-sm font-medium text-purple-100 backdrop-blur">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-linear-to-r from-purple-400 to-blue-400" />
            {badge}
          </p>
        )}
        <h1
          className={`${badge ? "mt-6" : ""} ${centred ? "mx-auto" : ""} max-w-4xl text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl ${size === "lg" ? "lg:text-6xl" : "lg:text-[3.25rem]"}`}
        >
          {title}
        </h1>
        {subtitle && <p className={`mt-6 max-w-3xl text-lg leading-relaxed text-slate-200 sm:text-xl ${centred ? "mx-auto" : ""}`}>{subtitle}</p>}
        {children}
      </div>
    </section>
  );
}
