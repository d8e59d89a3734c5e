import type { ReactNode } from "react";
import { eyebrow } from "../ui/classes";

/** Eyebrow, h2 and intro of a page section. */
export function SectionHeading({ id, kicker, title, intro, dark = false }: { id?: string; kicker?: string; title: ReactNode; intro?: ReactNode; dark?: boolean }) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      {kicker && <p className={dark ? "text-sm font-semibold tracking-wider text-purple-200 uppercase" : eyebrow}>{kicker}</p>}
      <h2 id={id} className={`mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${dark ? "text-white" : "text-slate-900"}`}>{title}</h2>
      {intro && <p className={`mt-4 text-lg leading-relaxed ${dark ? "text-slate-200" : "text-slate-600"}`}>{intro}</p>}
    </div>
  );
}
