import { Fragment } from "react";
import { Link } from "react-router-dom";
import { ChevronRight } from "lucide-react";
import { siteOrigin } from "../../lib/site-origin";

/** One step of a breadcrumb trail: where it links and what it says. */
export interface Crumb {
  to: string;
  label: string;
}

/**
 * A page's breadcrumb on a dark hero: each step a link, chevrons between, the last (this page)
 * named without a link.
 */
export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  const here = trail[trail.length - 1];
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-300">
        {trail.slice(0, -1).map((c) => (
          <Fragment key={c.to}>
            <li>
              <Link to={c.to} className="rounded hover:text-white">
                {c.label}
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="h-4 w-4" />
            </li>
          </Fragment>
        ))}
        {here && (
          <li aria-current="page" className="line-clamp-1 max-w-full text-white">
            {here.label}
          </li>
        )}
      </ol>
    </nav>
  );
}

/** The same trail for search engines (schema.org BreadcrumbList), with absolute addresses. */
export const breadcrumbJsonLd = (trail: Crumb[]) => ({
  "@context": "https://schema.org",
  "@type": "BreadcrumbList",
  itemListElement: trail.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.label, item: `${siteOrigin()}${c.to}` })),
});
