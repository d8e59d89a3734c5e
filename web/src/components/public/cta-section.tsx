import { Link } from "react-router-dom";
import { ArrowRight } from "lucide-react";
import { btnOnDark, btnWhite, container } from "../ui/classes";

interface CtaLink {
  to: string;
  label: string;
}

/**
 * The closing call to action: a purple-to-blue band (white text is >= 4.5:1 over the whole gradient)
 * with its two links, the primary one white with an arrow, the secondary one outlined.
 */
export function CtaSection({ title, text, headingId, primary, secondary }: { title: string; text: string; headingId: string; primary: CtaLink; secondary: CtaLink }) {
  return (
    <section aria-labelledby={headingId} className="py-20 sm:py-24">
      <div className={container}>
        <div className="on-dark relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-purple-700 via-indigo-700 to-blue-700 px-6 py-16 text-center shadow-2xl shadow-purple-900/20 sm:px-12">
          <div aria-hidden="true" className="absolute -top-24 -right-24 -z-10 h-72 w-72 rounded-full bg-white/10 blur-2xl" />
          <div aria-hidden="true" className="absolute -bottom-24 -left-24 -z-10 h-72 w-72 rounded-full bg-blue-400/20 blur-2xl" />
          <h2 id={headingId} className="mx-auto max-w-3xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-purple-50">{text}</p>
          <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
            <Link to={primary.to} className={btnWhite}>
              {primary.label}
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
            <Link to={secondary.to} className={btnOnDark}>
              {secondary.label}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
