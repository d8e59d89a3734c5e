import { useState } from "react";
import { Link } from "react-router-dom";
import { ArrowRight, ChevronDown, ChevronUp, Lightbulb } from "lucide-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { Course, Industry, Service } from "@agency/core/contract/catalog";
import { CourseCard, IndustryCard, ServiceCard } from "../../components/public/catalog-cards";
import { CtaSection } from "../../components/public/cta-section";
import { PageSection } from "../../components/public/section-heading";
import { TestimonialCarousel, type Testimonial } from "../../components/public/testimonials";
import { VideoEmbed } from "../../components/public/video-embed";
import { Spinner } from "../../components/spinner";
import { btnPrimary, btnSecondary, container, eyebrow } from "../../components/ui/classes";
import { usePageTexts } from "../../features/content/api";
import { useDeferredData } from "../../features/content/deferred";

/** Defaults of the sections below the hero, overridden by the home page sections (SPEC §7). */
const defaults = {
  video_title: "Understand the Technology Behind the Results",
  video_subtitle: "A clear, visual introduction to how neural networks learn, the same foundation our engineers build on and our students start with.",
  video_embed_url: "https://www.youtube-nocookie.com/embed/aircAruvnKk",
  video_description_title: "No black boxes",
  video_description:
    "We believe the people who depend on an AI system should understand how it works. Every Arcline engagement ends with documentation, a handover session and a clear explanation of what the system does, where its limits are and how to tell when it needs attention.",
  what_we_do_title: "What We Do",
  what_we_do_subtitle:
    "From a single automated workflow to a company-wide AI roadmap, we focus on systems that save measurable time and money, and that your team can own after we hand them over.",
  featured_courses_title: "Learn AI at Arcline Academy",
  featured_courses_subtitle:
    "Practical, project-based courses taught by the engineers who build our client systems. Live cohorts, real datasets and a portfolio project in every course.",
};

const homeTestimonials: Testimonial[] = [
  {
    content:
      "Arcline automated our invoice intake end to end. What used to take our finance team a week now happens overnight, and the exceptions land with the right person with everything they need.",
    author: "Sarah Mitchell",
    role: "CFO",
    company: "Northeast Foods Distribution",
    rating: 5,
  },
  {
    content:
      "Their support agent answers two thirds of our customer questions on its own and hands the rest over cleanly. Our team finally has time for the conversations that matter.",
    author: "David Chen",
    role: "Head of Customer Experience",
    company: "Brightline Retail",
    rating: 5,
  },
  {
    content:
      "We sent six analysts through Arcline Academy. Within a month they had rebuilt our weekly forecasting in Python, and they understand the models well enough to maintain them.",
    author: "Emily Rodriguez",
    role: "VP Operations",
    company: "Harbor Logistics",
    rating: 5,
  },
];

const INDUSTRIES_SHOWN = 6;

interface Props {
  services: UseQueryResult<Service[]>;
  industries: UseQueryResult<Industry[]>;
  courses: UseQueryResult<Course[]>;
}

/**
 * Everything below the home hero. Its own chunk, requested as soon as the entry runs, so the hero
 * paints without waiting for it; the data it shows is already being fetched by the page.
 */
export default function HomeSections({ services, industries, courses }: Props) {
  const { texts } = usePageTexts("home", defaults);
  const [allIndustries, setAllIndustries] = useState(false);
  const serviceData = useDeferredData(services);
  const industryData = useDeferredData(industries);
  const courseData = useDeferredData(courses);
  const industryList = industryData.data ?? [];
  const shownIndustries = allIndustries ? industryList : industryList.slice(0, INDUSTRIES_SHOWN);
  const courseList = (courseData.data ?? []).slice(0, 6);

  return (
    <>
      <PageSection headingId="video-heading" className="bg-slate-50 py-20 sm:py-24" kicker="See how it works" title={texts.video_title} intro={texts.video_subtitle}>
        <div className="mt-12 grid items-center gap-10 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <VideoEmbed url={texts.video_embed_url} title={texts.video_title} />
          </div>
          <div className="lg:col-span-2">
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-purple-100 text-purple-700">
              <Lightbulb className="h-6 w-6" aria-hidden="true" />
            </span>
            <h3 className="mt-5 text-2xl font-bold text-slate-900">{texts.video_description_title}</h3>
            <p className="mt-4 leading-relaxed text-slate-700">{texts.video_description}</p>
          </div>
        </div>
      </PageSection>

      <PageSection headingId="services-heading" kicker="Services" title={texts.what_we_do_title} intro={texts.what_we_do_subtitle}>
        {serviceData.pending ? (
          <Spinner label="Loading services" />
        ) : (
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {(serviceData.data ?? []).slice(0, 6).map((s) => (
              <ServiceCard key={s.id} service={s} />
            ))}
          </ul>
        )}
        <div className="mt-12 text-center">
          <Link to="/services" className={btnPrimary}>
            View All Services
            <ArrowRight className="h-5 w-5" aria-hidden="true" />
          </Link>
        </div>
      </PageSection>

      <PageSection
        headingId="industries-heading"
        className="bg-slate-50 py-20 sm:py-24"
        kicker="Industries"
        title="Industries We Serve"
        intro="Every industry has its own data, rules and rhythms. We bring automation patterns that have already worked for businesses like yours."
      >
        {industryData.pending ? (
          <Spinner label="Loading industries" />
        ) : (
          <ul id="industries-list" className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {shownIndustries.map((i) => (
              <IndustryCard key={i.id} industry={i} />
            ))}
          </ul>
        )}
        {industryList.length > INDUSTRIES_SHOWN && (
          <div className="mt-10 text-center">
            <button type="button" className={btnSecondary} aria-expanded={allIndustries} aria-controls="industries-list" onClick={() => setAllIndustries((v) => !v)}>
              {allIndustries ? "View Less" : "View More Industries"}
              {allIndustries ? <ChevronUp className="h-5 w-5" aria-hidden="true" /> : <ChevronDown className="h-5 w-5" aria-hidden="true" />}
            </button>
          </div>
        )}
      </PageSection>

      <section aria-labelledby="academy-heading" className="py-20 sm:py-24">
        <div className={container}>
          <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
            <div className="max-w-2xl">
              <p className={eyebrow}>Arcline Academy</p>
              <h2 id="academy-heading" className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                {texts.featured_courses_title}
              </h2>
              <p className="mt-4 text-lg leading-relaxed text-slate-600">{texts.featured_courses_subtitle}</p>
            </div>
            <Link to="/tech-school" className={`${btnSecondary} shrink-0`}>
              Visit the Tech School
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
          </div>
          {courseData.pending ? (
            <Spinner label="Loading courses" />
          ) : (
            courseList.length > 0 && (
              <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {courseList.map((c) => (
                  <CourseCard key={c.id} course={c} />
                ))}
              </ul>
            )
          )}
        </div>
      </section>

      <PageSection
        headingId="testimonials-heading"
        className="bg-linear-to-b from-purple-50 to-white py-20 sm:py-24"
        kicker="Testimonials"
        title="What Our Clients Say"
        intro="Results our clients measured, in their own words."
      >
        <div className="mt-12">
          <TestimonialCarousel items={homeTestimonials} />
        </div>
      </PageSection>

      <CtaSection
        headingId="home-cta-heading"
        title="Ready to Put AI to Work?"
        text="Tell us where your team loses the most time. In a free 30-minute consultation we will show you what can be automated, what it would cost and how soon you would see results."
        primary={{ to: "/contact", label: "Start Your Project" }}
        secondary={{ to: "/services", label: "Explore Services" }}
      />
    </>
  );
}
