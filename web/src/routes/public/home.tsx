import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { PageHero } from "../../components/public/page-hero";
import { StatList } from "../../components/public/stat-list";
import { Spinner } from "../../components/spinner";
import { btnOnDark, btnWhite } from "../../components/ui/classes";
import { Glyph } from "../../components/ui/glyphs";
import { contentQueries, pageSectionsQuery, useCourses, useIndustries, usePageTexts, useServices, useSettings } from "../../features/content/api";
import { loadQueries, type PageLoader } from "../../lib/page-loader";
import { siteOrigin } from "../../lib/site-origin";
import { usePageMeta } from "../../features/seo/use-page-meta";

// Below the hero: its own chunk, requested at first render in parallel with the page's API calls,
// so the hero paints without waiting for it.
const HomeSections = lazy(() => import("./home-sections"));

/** Default texts; each is overridden by the home page section of the same key (SPEC §7). */
const defaults = {
  hero_badge: "AI Automation Agency & Tech School",
  hero_title: "Put AI to Work Where Your Team Loses the Most Time",
  hero_subtitle:
    "Arcline AI designs, builds and supports automations, AI agents and forecasting systems for growing businesses, and Arcline Academy trains your people to run them with confidence.",
  hero_cta_primary: "Book a Free Consultation",
  hero_cta_secondary: "Explore the Tech School",
};

const heroStats = [
  { end: 500, suffix: "+", label: "Automation Projects" },
  { end: 95, suffix: "%", label: "Client Satisfaction" },
  { end: 24, suffix: "/7", label: "AI Systems Running" },
];

export const homeLoader: PageLoader = ({ context }) =>
  loadQueries(context, pageSectionsQuery("home"), contentQueries.services(), contentQueries.industries(), contentQueries.courses());

export function HomePage() {
  const { texts } = usePageTexts("home", defaults);
  const services = useServices();
  const industries = useIndustries();
  const courses = useCourses();
  const settings = useSettings();
  usePageMeta({
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: settings.company_name,
        url: `${siteOrigin()}/`,
        logo: `${siteOrigin()}/favicon.svg`,
        email: settings.contact_email,
        telephone: settings.contact_phone,
        address: settings.company_address,
        sameAs: [settings.social_media_twitter, settings.social_media_linkedin, settings.social_media_facebook].filter((u) => /^https?:\/\//i.test(u)),
      },
    ],
  });

  return (
    <>
      <PageHero size="lg" badge={texts.hero_badge} title={texts.hero_title} subtitle={texts.hero_subtitle}>
        <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <Link to="/contact" className={btnWhite}>
            {texts.hero_cta_primary}
            <Glyph name="arrowRight" />
          </Link>
          <Link to="/tech-school" className={btnOnDark}>
            {texts.hero_cta_secondary}
          </Link>
        </div>
        <StatList
          stats={heroStats}
          className="mx-auto mt-16 grid max-w-3xl grid-cols-3 gap-4 border-t border-white/15 pt-10"
          itemClassName="flex flex-col-reverse items-center gap-1"
          labelClassName="text-xs text-slate-300 sm:text-sm"
          valueClassName="text-3xl font-extrabold text-white sm:text-4xl"
        />
      </PageHero>

      <Suspense fallback={<Spinner className="min-h-[60vh]" label="Loading" />}>
        <HomeSections services={services} industries={industries} courses={courses} />
      </Suspense>
    </>
  );
}
