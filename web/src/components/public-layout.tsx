import { lazy, Suspense } from "react";
import { Outlet } from "react-router-dom";
import { contentQueries, pageSectionsQuery, useSettings } from "../features/content/api";
import { loadQueries, type PageLoader } from "../lib/page-loader";
import { SiteHeader } from "./public/site-header";
import { Spinner } from "./spinner";

// The footer (and the back-to-top button, hidden until the page scrolls) is never in the first
// viewport: its chunk loads alongside the page instead of with the first render.
const SiteFooter = lazy(() => import("./public/site-footer"));

/** What every public page shows around it: the settings (header, footer) and the global sections (footer). */
export const publicLayoutLoader: PageLoader = ({ context }) => loadQueries(context, contentQueries.siteSettings(), pageSectionsQuery("global"));

export function PublicLayout() {
  const settings = useSettings();
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <a href="#main" className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-purple-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
        Skip to content
      </a>
      <SiteHeader companyName={settings.company_name} />
      {/* At least a screen tall, so the footer never starts in the first viewport and nothing shifts as pages load. */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 outline-none">
        <Suspense fallback={<Spinner className="min-h-screen" label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={<div className="min-h-[40rem] bg-slate-950" />}>
        <SiteFooter settings={settings} />
      </Suspense>
    </div>
  );
}
