import { useCallback, useState } from "react";
import { Link } from "react-router-dom";
import { ArrowRight, BookOpen, CheckCircle2, Clock, ExternalLink, Rocket, Route, Star, Users } from "lucide-react";
import type { Course } from "@agency/core/contract/catalog";
import { learningPaths } from "@agency/core/contract/academy";
import { splitBarList } from "@agency/core/contract/catalog-values";
import { PageHero } from "../../components/public/page-hero";
import { StatList, type Stat } from "../../components/public/stat-list";
import { PageSection } from "../../components/public/section-heading";
import { Avatar, Stars, type Testimonial } from "../../components/public/testimonials";
import { VideoEmbed } from "../../components/public/video-embed";
import { CourseArt, LevelBadge } from "../../components/public/catalog-cards";
import { Spinner } from "../../components/spinner";
import { btnOnDark, btnPrimary, btnWhite, container } from "../../components/ui/classes";
import { contentQueries, pageSectionsQuery, useCourses, usePageTexts } from "../../features/content/api";
import { loadQueries, type PageLoader } from "../../lib/page-loader";
import { RegistrationDialog } from "../../features/registrations/registration-dialog";
import { usePageMeta } from "../../features/seo/use-page-meta";

const defaults = {
  hero_badge: "Arcline Academy",
  hero_title: "Learn AI From the People Who Build It",
  hero_subtitle: "Hands-on courses in machine learning, automation and data science, taught in small live cohorts by practitioners who ship AI systems for clients every week.",
  video_title: "Start With the Fundamentals",
  video_subtitle: "Every learning path begins here: how a neural network turns data into predictions. Watch it before your first session and you will be ahead on day one.",
  video_embed_url: "https://www.youtube-nocookie.com/embed/aircAruvnKk",
  featured_courses_title: "Featured Courses",
  featured_courses_subtitle: "Four to twelve weeks, live instruction, weekly office hours and a capstone project reviewed by a working engineer.",
};

const heroStats = [
  { end: 3000, suffix: "+", label: "Students Trained" },
  { end: 95, suffix: "%", label: "Completion Rate" },
  { end: 4.8, suffix: "/5", label: "Average Rating", decimals: 1 },
  { end: 87, suffix: "%", label: "Career Growth" },
];

const outcomeStats = [
  { end: 500, suffix: "+", label: "Graduates" },
  { end: 85, suffix: "%", label: "Career Growth" },
  { end: 4.9, suffix: "/5", label: "Student Rating", decimals: 1 },
  { end: 95, suffix: "%", label: "Completion Rate" },
];

const studentTestimonials: Testimonial[] = [
  {
    content:
      "I went from building reports in Excel to shipping a churn model my company actually uses. The capstone review from a working engineer was worth the course on its own.",
    author: "Jessica Park",
    role: "Data Analyst",
    company: "Meridian Health",
    rating: 5,
  },
  {
    content: "The automation course paid for itself in the first month. I automated our weekly vendor reconciliation during week three and never looked back.",
    author: "Marcus Johnson",
    role: "Operations Manager",
    company: "Coastline Supply",
    rating: 5,
  },
  {
    content: "Small cohorts, real projects and instructors who answer the hard questions. I landed my first ML engineering role two months after finishing the AI Engineer path.",
    author: "Priya Sharma",
    role: "Machine Learning Engineer",
    company: "Northwind Labs",
    rating: 5,
  },
];

function StatGrid({ stats, dark }: { stats: readonly Stat[]; dark?: boolean }) {
  return (
    <StatList
      stats={stats}
      className="grid grid-cols-2 gap-6 md:grid-cols-4"
      itemClassName={`flex flex-col-reverse items-center rounded-2xl p-5 text-center ${dark ? "bg-white/10 ring-1 ring-white/15" : "bg-white shadow-sm ring-1 ring-slate-200"}`}
      labelClassName={`mt-1 text-sm ${dark ? "text-slate-200" : "text-slate-600"}`}
      valueClassName={`text-3xl font-extrabold sm:text-4xl ${dark ? "text-white" : "text-slate-900"}`}
    />
  );
}

/**
 * A course of Course Management (active, in order): its image or icon on its gradient, level and
 * rating, highlights, duration and students; Contact Us opens the registration dialog with the
 * course chosen, or, for a register course with its link, Register Now leaves for that link.
 */
function AcademyCourseCard({ course: c, onContact }: { course: Course; onContact: () => void }) {
  const rating = Number(c.rating ?? 0);
  const external = c.button_type === "register" && /^https?:\/\//i.test(c.external_url ?? "");
  const highlights = splitBarList(c.highlights);
  return (
    <li
      data-testid="academy-course"
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-1 hover:shadow-xl hover:shadow-purple-900/5"
    >
      <CourseArt course={c} className="flex h-36 items-center justify-center">
        <span className="absolute top-4 left-4">
          <LevelBadge level={c.level || "Beginner"} />
        </span>
        {rating > 0 && (
          <span className="absolute top-4 right-4 inline-flex items-center gap-1 rounded-full bg-black/40 px-2.5 py-1 text-xs font-semibold text-white">
            <Star className="h-3.5 w-3.5 fill-amber-300 text-amber-300" aria-hidden="true" />
            {rating.toFixed(1)}
            <span className="sr-only"> out of 5</span>
          </span>
        )}
      </CourseArt>
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-lg font-semibold text-slate-900">{c.title}</h3>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">{c.description}</p>
        <ul className="mt-4 flex-1 space-y-1.5">
          {highlights.map((h, i) => (
            <li key={`${i}-${h}`} className="flex items-center gap-2 text-sm text-slate-700">
              <CheckCircle2 className="h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" /> {h}
            </li>
          ))}
        </ul>
        <p className="mt-5 flex items-center gap-5 border-t border-slate-100 pt-4 text-sm text-slate-700">
          <span className="flex items-center gap-1.5">
            <Clock className="h-4 w-4 text-purple-600" aria-hidden="true" />
            {c.duration || "8 weeks"}
          </span>
          <span className="flex items-center gap-1.5">
            <Users className="h-4 w-4 text-purple-600" aria-hidden="true" />
            {c.student_count || "1k"} students
          </span>
        </p>
        {external ? (
          <a href={c.external_url} target="_blank" rel="noopener noreferrer" className={`${btnPrimary} mt-5 w-full`}>
            Register Now<span className="sr-only"> for {c.title} (opens in a new tab)</span>
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
          </a>
        ) : (
          <button type="button" onClick={onContact} className={`${btnPrimary} mt-5 w-full`}>
            Contact Us<span className="sr-only"> about {c.title}</span>
          </button>
        )}
      </div>
    </li>
  );
}

export const loader: PageLoader = ({ context }) => loadQueries(context, pageSectionsQuery("tech-school"), contentQueries.courses());

export default function TechSchoolPage() {
  const { texts, isPending } = usePageTexts("tech-school", defaults);
  const courses = useCourses();
  const [dialog, setDialog] = useState<{ open: boolean; course?: string }>({ open: false });
  const openDialog = (course?: string) => setDialog({ open: true, course });
  const close = useCallback(() => setDialog((d) => ({ ...d, open: false })), []);
  usePageMeta({ title: "Tech School", description: texts.hero_subtitle });

  if (isPending || courses.isPending) return <Spinner className="min-h-screen" label="Loading the tech school" />;

  return (
    <>
      <PageHero badge={texts.hero_badge} title={texts.hero_title} subtitle={texts.hero_subtitle}>
        <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <button type="button" onClick={() => openDialog()} className={btnWhite}>
            <Rocket className="h-5 w-5" aria-hidden="true" />
            Start Learning
          </button>
          <Link to="/contact" className={btnOnDark}>
            Talk to Advisor
          </Link>
        </div>
        <div className="mx-auto mt-14 max-w-5xl">
          <StatGrid stats={heroStats} dark />
        </div>
      </PageHero>

      <PageSection headingId="ts-video-heading" className="bg-slate-50 py-20 sm:py-24" kicker="Free lesson" title={texts.video_title} intro={texts.video_subtitle}>
        <div className="mx-auto mt-12 max-w-4xl">
          <VideoEmbed url={texts.video_embed_url} title={texts.video_title} />
        </div>
      </PageSection>

      <PageSection headingId="courses-heading" kicker="Courses" title={texts.featured_courses_title} intro={texts.featured_courses_subtitle}>
        <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {(courses.data ?? []).map((c) => (
            <AcademyCourseCard key={c.id} course={c} onContact={() => openDialog(c.title ?? "")} />
          ))}
        </ul>
        <div className="mt-16">
          <StatGrid stats={outcomeStats} />
        </div>
      </PageSection>

      <PageSection
        headingId="paths-heading"
        className="bg-slate-50 py-20 sm:py-24"
        kicker="Learning paths"
        title="Structured Learning Paths"
        intro="Follow a sequence of courses designed to take you from first steps to job-ready."
      >
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {learningPaths.map((p) => (
            <li key={p.title} data-testid="learning-path" className="flex flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
              <div className="flex items-center justify-between">
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-linear-to-br from-purple-600 to-blue-600 text-white">
                  <Route className="h-6 w-6" aria-hidden="true" />
                </span>
                <span className="rounded-full bg-purple-50 px-3 py-1 text-sm font-semibold text-purple-800">{p.duration}</span>
              </div>
              <h3 className="mt-5 text-xl font-semibold text-slate-900">{p.title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{p.description}</p>
              <p className="mt-5 text-sm font-semibold text-slate-900">Courses included</p>
              <ul className="mt-2 flex-1 space-y-2">
                {p.courses.map((c) => (
                  <li key={c} className="flex items-center gap-2 text-sm text-slate-700">
                    <BookOpen className="h-4 w-4 shrink-0 text-purple-600" aria-hidden="true" /> {c}
                  </li>
                ))}
              </ul>
              <button type="button" onClick={() => openDialog(p.title)} className={`${btnPrimary} mt-6 w-full`}>
                Start This Path<span className="sr-only"> ({p.title})</span>
                <ArrowRight className="h-5 w-5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection headingId="students-heading" kicker="Student stories" title="What Our Students Say">
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {studentTestimonials.map((t) => (
            <li key={t.author}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
                <Stars rating={t.rating} animate={false} />
                <blockquote className="mt-5 flex-1 leading-relaxed text-slate-700">“{t.content}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <Avatar name={t.author} />
                  <span>
                    <span className="block font-semibold text-slate-900">{t.author}</span>
                    <span className="block text-sm text-slate-600">
                      {t.role}, {t.company}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="ts-cta-heading" className="pb-20 sm:pb-24">
        <div className={container}>
          <div className="on-dark relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-purple-700 via-indigo-700 to-blue-700 px-6 py-16 text-center text-white shadow-2xl shadow-purple-900/20 sm:px-12">
            <h2 id="ts-cta-heading" className="mx-auto max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              Ready to Start Your AI Journey?
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-purple-50">Join the next cohort, or talk to an advisor about the course or learning path that fits your goals.</p>
            <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
              <button type="button" onClick={() => openDialog()} className={btnWhite}>
                Register Your Interest
                <ArrowRight className="h-5 w-5" aria-hidden="true" />
              </button>
              <Link to="/contact" className={btnOnDark}>
                Talk to an Advisor
              </Link>
            </div>
          </div>
        </div>
      </section>

      <RegistrationDialog open={dialog.open} course={dialog.course} onClose={close} />
    </>
  );
}
