import { Compass, HeartHandshake, PenTool, Repeat, Rocket, Scale, Sparkles, Target, TrendingUp, Users } from "lucide-react";
import { CtaSection } from "../../components/public/cta-section";
import { clientSatisfaction, projectsDelivered } from "../../components/public/figures";
import { PageHero } from "../../components/public/page-hero";
import { StatList } from "../../components/public/stat-list";
import { PageSection } from "../../components/public/section-heading";
import { container, eyebrow } from "../../components/ui/classes";
import { pageSectionsQuery, usePageTexts } from "../../features/content/api";
import { loadQueries, type PageLoader } from "../../lib/page-loader";
import { usePageMeta } from "../../features/seo/use-page-meta";

const defaults = {
  hero_title: "We Build AI That Earns Its Place",
  hero_subtitle: "Engineers, data scientists and teachers who care less about hype and more about whether the system is still saving you time a year from now.",
  story_title: "Our Story",
  story_content:
    "Arcline started in 2019 when three engineers who had spent years building data platforms for large banks noticed the same thing at every mid-sized company they talked to: talented people spending whole days copying data between systems, chasing approvals and rebuilding the same spreadsheet every week. The technology to fix it existed. What was missing was someone to apply it carefully, measure the result and leave the team able to run it.\n\nSo we set up shop in New York with a simple rule: every project has to pay for itself, and every client has to understand what we built.\n\nArcline Academy grew out of our handover sessions. Clients kept asking us to teach their analysts and engineers how the systems worked, and those sessions became courses.",
};

const approach = [
  { icon: Compass, title: "Discover", text: "We sit with the people doing the work, map the process and its data, and agree on the numbers that define success." },
  { icon: PenTool, title: "Design", text: "We choose the simplest system that reaches the goal, prototype it on your own data and show you the results early." },
  { icon: Rocket, title: "Deploy", text: "We build for production: tested, monitored and integrated with the tools your team already uses every day." },
  { icon: Target, title: "Deliver", text: "We measure the outcome against the baseline, hand over documentation and training, and stay on for support." },
];

const values = [
  { icon: HeartHandshake, title: "Human-Centered AI", text: "Automation should give people back time for judgment and care, with a person in the loop wherever it matters." },
  { icon: TrendingUp, title: "Results-Driven", text: "Every project starts with a measurable goal and ends with a report on whether we hit it. No vanity pilots." },
  { icon: Scale, title: "Ethical Innovation", text: "We design for privacy, fairness and transparency from day one, and we say no to uses we cannot stand behind." },
  { icon: Repeat, title: "Continuous Learning", text: "Models drift and tools change. We keep learning, and through Arcline Academy we help your team keep learning too." },
];

const stats = [projectsDelivered, { end: 3000, suffix: "+", label: "Students trained" }, { end: 12, suffix: "", label: "Industries served" }, clientSatisfaction];

export const loader: PageLoader = ({ context }) => loadQueries(context, pageSectionsQuery("about"));

export default function AboutPage() {
  const { texts } = usePageTexts("about", defaults);
  usePageMeta({ title: "About Us", description: texts.hero_subtitle });
  const paragraphs = texts.story_content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

  return (
    <>
      <PageHero badge="About Arcline" title={texts.hero_title} subtitle={texts.hero_subtitle} />

      <section aria-labelledby="story-heading" className="py-20 sm:py-24">
        <div className={`${container} grid gap-12 lg:grid-cols-5 lg:gap-16`}>
          <div className="lg:col-span-3">
            <p className={eyebrow}>Who we are</p>
            <h2 id="story-heading" className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              {texts.story_title}
            </h2>
            <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
              {paragraphs.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          </div>
          <aside aria-label="Arcline in numbers" className="lg:col-span-2">
            <div className="on-dark rounded-3xl bg-linear-to-br from-purple-700 to-blue-700 p-8 text-white shadow-xl shadow-purple-900/20">
              <Sparkles className="h-8 w-8 text-purple-200" aria-hidden="true" />
              <p className="mt-4 text-xl font-semibold">Arcline in numbers</p>
              <StatList
                stats={stats}
                className="mt-8 grid grid-cols-2 gap-6"
                itemClassName="flex flex-col-reverse"
                labelClassName="mt-1 text-sm text-purple-100"
                valueClassName="text-3xl font-extrabold"
              />
              <p className="mt-8 flex items-center gap-2 border-t border-white/20 pt-6 text-sm text-purple-100">
                <Users className="h-4 w-4" aria-hidden="true" /> Engineers, data scientists and teachers in New York
              </p>
            </div>
          </aside>
        </div>
      </section>

      <PageSection
        headingId="approach-heading"
        className="bg-slate-50 py-20 sm:py-24"
        kicker="How we work"
        title="Our Approach"
        intro="Four steps we follow on every engagement, from a one-week automation to a year-long AI program."
      >
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {approach.map((step, i) => (
            <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
              <span className="absolute top-6 right-6 text-5xl font-extrabold text-slate-300" aria-hidden="true">
                {i + 1}
              </span>
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-linear-to-br from-purple-600 to-blue-600 text-white">
                <step.icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-slate-900">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-3 leading-relaxed text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection headingId="values-heading" kicker="What we believe" title="Our Core Values" intro="The principles behind every system we build and every course we teach.">
        <ul className="mt-14 grid gap-6 md:grid-cols-2">
          {values.map((v) => (
            <li key={v.title} className="flex gap-5 rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition hover:border-purple-200 hover:shadow-lg">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-purple-50 text-purple-700">
                <v.icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-xl font-semibold text-slate-900">{v.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{v.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <CtaSection
        headingId="about-cta-heading"
        title="Let's Build Something That Lasts"
        text="Whether you need one workflow automated or a plan for AI across the business, we would love to hear what you are working on."
        primary={{ to: "/contact", label: "Get in Touch" }}
        secondary={{ to: "/services", label: "View Our Services" }}
      />
    </>
  );
}
