import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import {
  ArrowRight,
  Award,
  Bot,
  Brain,
  CheckCircle2,
  Clock,
  Eye,
  Headphones,
  MessagesSquare,
  Rocket,
  Search,
  ShieldCheck,
  TrendingUp,
  Workflow,
  Wrench,
  type LucideIcon,
} from "lucide-react";
import type { serviceCategories } from "@agency/core/contract/catalog-values";
import type { ServiceDetail } from "@agency/core/contract/catalog";
import { clientSatisfaction, projectsDelivered } from "../../components/public/figures";
import { PageHero } from "../../components/public/page-hero";
import { StatList } from "../../components/public/stat-list";
import { PageSection } from "../../components/public/section-heading";
import { ServiceDetailModal } from "../../components/public/service-detail-modal";
import { Spinner } from "../../components/spinner";
import { btnOnDark, btnWhite, container } from "../../components/ui/classes";
import { ServiceIcon } from "../../components/ui/icons";
import { contentQueries, pageSectionsQuery, usePageTexts, useServiceDetails, useServices } from "../../features/content/api";
import { loadQueries, type PageLoader } from "../../lib/page-loader";
import { useDeferredData } from "../../features/content/deferred";
import { usePageMeta } from "../../features/seo/use-page-meta";
import { imageSrc } from "../../lib/image-src";
import { slotSizes } from "../../lib/picture";
import { Picture } from "../../components/public/picture";

const defaults = {
  hero_title: "AI Services Built Around How Your Business Runs",
  hero_subtitle:
    "Automation, AI agents, forecasting, computer vision and strategy, scoped to a clear business outcome, delivered in weeks rather than quarters, and supported after launch.",
};

type Category = (typeof serviceCategories)[number];

/** The six fixed categories (SPEC §2); `title` must equal a service detail's service_category. */
const categories: { title: Category; icon: LucideIcon; text: string; points: string[] }[] = [
  {
    title: "Automation & Workflow",
    icon: Workflow,
    text: "Replace repetitive back-office work with reliable automations that connect the systems you already use.",
    points: ["Invoice and document processing", "System-to-system data sync", "Approval and onboarding flows"],
  },
  {
    title: "AI Agents & Chatbots",
    icon: Bot,
    text: "Assistants that answer questions and complete tasks, grounded in your knowledge and handing off to people when needed.",
    points: ["Customer support assistants", "Ticket triage and routing", "Internal knowledge search"],
  },
  {
    title: "Analytics & Forecasting",
    icon: TrendingUp,
    text: "Forecasts and dashboards built on your historical data, delivered where your planners make decisions.",
    points: ["Demand and revenue forecasts", "Churn and risk prediction", "Automated reporting"],
  },
  {
    title: "Computer Vision",
    icon: Eye,
    text: "Image and video models that inspect, count, read and monitor, in the cloud or on the factory floor.",
    points: ["Visual quality inspection", "Document and ID capture", "Safety and compliance monitoring"],
  },
  {
    title: "Custom AI Solutions",
    icon: Brain,
    text: "Bespoke models and AI products designed around your data, your users and your constraints.",
    points: ["Fine-tuned language models", "Recommendation engines", "AI features in your product"],
  },
  {
    title: "AI Consulting",
    icon: Search,
    text: "An independent view of where AI will pay off in your business, and a roadmap to get there safely.",
    points: ["Opportunity assessment", "Build-versus-buy advice", "Governance and policy"],
  },
];

const process = [
  { icon: MessagesSquare, title: "Discovery Call", text: "A free 30-minute conversation about your goals, your processes and where time is being lost." },
  { icon: Search, title: "Assessment & Proposal", text: "We review your systems and data, then send a fixed-scope proposal within 48 hours." },
  { icon: Wrench, title: "Build & Integrate", text: "Weekly demos on your own data while we build, test and connect the solution to your tools." },
  { icon: Rocket, title: "Launch & Support", text: "Go-live with monitoring, documentation and training, plus ongoing support as you grow." },
];

const reasons = [
  { icon: Award, title: "Proven Results", text: "More than 500 projects delivered, each measured against the baseline it set out to beat." },
  { icon: Clock, title: "Fast Time to Value", text: "Most projects go live in 4 to 12 weeks, with working software to review from week one." },
  { icon: ShieldCheck, title: "Secure by Design", text: "Encryption, least-privilege access and audit trails are part of every build, not an add-on." },
  { icon: Headphones, title: "Support After Launch", text: "Monitoring, retraining and a team that answers when something upstream changes." },
];

const ctaStats = [projectsDelivered, clientSatisfaction, { end: 40, suffix: "%", label: "Average cost reduction" }, { end: 24, suffix: "/7", label: "Systems monitored" }];

export const loader: PageLoader = ({ context }) => loadQueries(context, pageSectionsQuery("services"), contentQueries.services(), contentQueries.serviceDetails());

export default function ServicesPage() {
  const { texts } = usePageTexts("services", defaults);
  const services = useDeferredData(useServices());
  const details = useServiceDetails();
  const [open, setOpen] = useState<ServiceDetail | null>(null);
  usePageMeta({ title: "Services", description: texts.hero_subtitle });

  // SPEC §4: the modal opens only when a detail matches the category; otherwise nothing happens.
  // A click that comes before the details have loaded is remembered and answered when they arrive.
  const [requested, setRequested] = useState<string | null>(null);
  const openCategory = (category: string) => {
    if (details.isPending) return setRequested(category);
    const match = (details.data ?? []).find((d) => d.service_category === category);
    if (match) setOpen(match);
  };
  useEffect(() => {
    if (!requested || details.isPending) return;
    setRequested(null);
    const match = (details.data ?? []).find((d) => d.service_category === requested);
    if (match) setOpen(match);
  }, [requested, details.isPending, details.data]);

  return (
    <>
      <PageHero badge="Our Services" title={texts.hero_title} subtitle={texts.hero_subtitle}>
        <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <Link to="/contact" className={btnWhite}>
            Book a Free Consultation
            <ArrowRight className="h-5 w-5" aria-hidden="true" />
          </Link>
          <a href="#service-categories" className={btnOnDark}>
            Explore Services
          </a>
        </div>
      </PageHero>

      <PageSection
        id="service-categories"
        headingId="categories-heading"
        className="scroll-mt-20 py-20 sm:py-24"
        kicker="What we offer"
        title="Our AI Services"
        intro="Six practices, one team. Choose a starting point, or let us help you find the one with the best return."
      >
        <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {categories.map((c) => (
            <li
              key={c.title}
              data-testid="service-category"
              className="group flex flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition hover:-translate-y-1 hover:border-purple-200 hover:shadow-xl hover:shadow-purple-900/5"
            >
              <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-linear-to-br from-purple-600 to-blue-600 text-white shadow-lg shadow-purple-600/25">
                <c.icon className="h-7 w-7" aria-hidden="true" />
              </span>
              <h3 className="mt-6 text-xl font-semibold text-slate-900">{c.title}</h3>
              <p className="mt-3 leading-relaxed text-slate-600">{c.text}</p>
              <ul className="mt-5 flex-1 space-y-2">
                {c.points.map((p) => (
                  <li key={p} className="flex items-center gap-2 text-sm text-slate-700">
                    <CheckCircle2 className="h-4 w-4 shrink-0 text-purple-600" aria-hidden="true" /> {p}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                onClick={() => openCategory(c.title)}
                className="mt-6 inline-flex items-center gap-1.5 self-start rounded font-semibold text-purple-700 hover:text-purple-900"
              >
                Learn More<span className="sr-only"> about {c.title}</span>
                <ArrowRight className="h-4 w-4 transition group-hover:translate-x-1" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection
        headingId="process-heading"
        className="bg-slate-50 py-20 sm:py-24"
        kicker="How it works"
        title="Our Process"
        intro="A clear path from first conversation to a system your team owns."
      >
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {process.map((step, i) => (
            <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-linear-to-br from-purple-600 to-blue-600 text-lg font-bold text-white" aria-hidden="true">
                {i + 1}
              </span>
              <h3 className="mt-5 flex items-center gap-2 text-lg font-semibold text-slate-900">
                <span className="sr-only">Step {i + 1}: </span>
                <step.icon className="h-5 w-5 text-purple-600" aria-hidden="true" />
                {step.title}
              </h3>
              <p className="mt-3 leading-relaxed text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection headingId="why-heading" kicker="Why Arcline" title="Why Choose Us" intro="Practical engineering, honest advice and results you can measure.">
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map((r) => (
            <li key={r.title} className="rounded-2xl bg-linear-to-b from-purple-50 to-white p-7 ring-1 ring-purple-100">
              <r.icon className="h-8 w-8 text-purple-700" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{r.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{r.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection
        headingId="solutions-heading"
        className="bg-slate-50 py-20 sm:py-24"
        kicker="Featured"
        title="Featured Solutions"
        intro="The solutions our clients ask for most."
      >
        {services.pending ? (
          <Spinner label="Loading solutions" />
        ) : (
          <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {(services.data ?? []).map((s) => (
              <li key={s.id} data-testid="featured-solution" className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
                {imageSrc(s.image_url) && (
                  <Picture
                    src={s.image_url}
                    images={s.images}
                    alt={s.image_alt ?? ""}
                    sizes={slotSizes.card}
                    shape="wide"
                    width={640}
                    height={360}
                    className="-mx-7 -mt-7 mb-6 aspect-video w-[calc(100%+3.5rem)] max-w-none object-cover"
                  />
                )}
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-purple-50 text-purple-700">
                  <ServiceIcon name={s.icon_name} className="h-6 w-6" />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-slate-900">{s.title}</h3>
                <p className="mt-2 flex-1 leading-relaxed text-slate-600">{s.description}</p>
                <Link to="/contact" className="mt-6 inline-flex items-center gap-1.5 self-start rounded font-semibold text-purple-700 hover:text-purple-900">
                  Get Started<span className="sr-only"> with {s.title}</span>
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PageSection>

      <section aria-labelledby="services-cta-heading" className="py-20 sm:py-24">
        <div className={container}>
          <div className="on-dark relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-purple-700 via-indigo-700 to-blue-700 px-6 py-16 text-center text-white shadow-2xl shadow-purple-900/20 sm:px-12">
            <h2 id="services-cta-heading" className="mx-auto max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              Ready to Transform Your Business?
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-purple-50">
              Book a free consultation and leave with a clear picture of what AI can do for your team, and what it would take.
            </p>
            <StatList
              stats={ctaStats}
              className="mx-auto mt-12 grid max-w-4xl grid-cols-2 gap-8 md:grid-cols-4"
              itemClassName="flex flex-col-reverse"
              labelClassName="mt-1 text-sm text-purple-100"
              valueClassName="text-4xl font-extrabold"
            />
            <div className="mt-12 flex flex-col items-center justify-center gap-4 sm:flex-row">
              <Link to="/contact" className={btnWhite}>
                Schedule a Consultation
                <ArrowRight className="h-5 w-5" aria-hidden="true" />
              </Link>
              <Link to="/tech-school" className={btnOnDark}>
                Train Your Team
              </Link>
            </div>
          </div>
        </div>
      </section>

      <ServiceDetailModal detail={open} onClose={() => setOpen(null)} />
    </>
  );
}
