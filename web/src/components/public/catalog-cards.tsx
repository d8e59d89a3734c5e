import { useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { ArrowRight, Clock, ExternalLink, Users } from "lucide-react";
import type { Industry } from "@agency/core/contract/catalog";
import type { Course, Service } from "../../features/content/api";
import { colorSchemes } from "@agency/core/contract/catalog-values";
import { imageSrc } from "../../lib/image-src";
import { slotSizes } from "../../lib/picture";
import { Picture } from "./picture";
import { IndustryIcon, ServiceIcon } from "../ui/icons";

export function ServiceCard({ service }: { service: Service }) {
  return (
    <li
      data-testid="service-card"
      className="group flex flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm transition hover:-translate-y-1 hover:border-purple-200 hover:shadow-xl hover:shadow-purple-900/5"
    >
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-linear-to-br from-purple-600 to-blue-600 text-white shadow-lg shadow-purple-600/25">
        <ServiceIcon name={service.icon_name} className="h-7 w-7" />
      </span>
      <h3 className="mt-6 text-xl font-semibold text-slate-900">{service.title}</h3>
      <p className="mt-3 flex-1 leading-relaxed text-slate-600">{service.description}</p>
      <Link to="/services" className="mt-6 inline-flex items-center gap-1.5 self-start rounded font-semibold text-purple-700 hover:text-purple-900">
        Learn More<span className="sr-only"> about {service.title}</span>
        <ArrowRight className="h-4 w-4 transition group-hover:translate-x-1" aria-hidden="true" />
      </Link>
    </li>
  );
}

export function IndustryCard({ industry }: { industry: Industry }) {
  return (
    <li data-testid="industry-card" className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-purple-200 hover:shadow-lg">
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-purple-50 text-purple-700">
        <IndustryIcon name={industry.icon_name} className="h-6 w-6" />
      </span>
      <div>
        <h3 className="text-lg font-semibold text-slate-900">{industry.name}</h3>
        <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{industry.description}</p>
      </div>
    </li>
  );
}

/** Level badge: Beginner, Intermediate and Advanced have their own style, anything else a fourth. */
export function LevelBadge({ level }: { level: string }) {
  const style =
    level === "Beginner"
      ? "bg-emerald-100 text-emerald-800"
      : level === "Intermediate"
        ? "bg-blue-100 text-blue-800"
        : level === "Advanced"
          ? "bg-purple-100 text-purple-800"
          : "bg-amber-100 text-amber-900";
  return <span className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ${style}`}>{level}</span>;
}

/**
 * A stored colour scheme is one of the editor's eight pairs of gradient stops, the only ones the
 * stylesheet generates; anything else gets the default rather than no colour at all.
 */
const gradientOf = (scheme: string | null | undefined): string => ((colorSchemes as readonly string[]).includes(scheme ?? "") ? scheme! : colorSchemes[0]);

/**
 * A course card's header: the course's image when one is set (and loads), otherwise its icon on its
 * gradient; `children` (badges) sit on top. Both course cards, home and tech school, draw it. The
 * header is a band (h-28 or h-36 across a card, 2:1 and wider), so the photo's 1200:630 cut fills it.
 */
export function CourseArt({ course, className, children }: { course: Course; className: string; children?: ReactNode }) {
  const [failed, setFailed] = useState(false);
  const src = failed ? "" : imageSrc(course.image_url);
  return (
    <div className={`on-dark relative bg-purple-600 bg-linear-to-r ${gradientOf(course.color_scheme)} ${className}`}>
      {src ? (
        <Picture
          src={course.image_url}
          images={course.images}
          alt={course.image_alt ?? ""}
          sizes={slotSizes.card}
          shape="wide"
          onError={() => setFailed(true)}
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : (
        <span aria-hidden="true" className="text-5xl drop-shadow">
          {course.icon || "📚"}
        </span>
      )}
      {children}
    </div>
  );
}

export function CourseCard({ course }: { course: Course }) {
  const level = course.level || "Beginner";
  const progress = Math.max(0, Math.min(100, Number(course.progress_percentage ?? 75)));
  const external = course.button_type === "register" && /^https?:\/\//i.test(course.external_url ?? "");
  return (
    <li
      data-testid="course-card"
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-1 hover:shadow-xl hover:shadow-purple-900/5"
    >
      <CourseArt course={course} className="flex h-28 items-center px-6">
        <span className="absolute top-1/2 right-6 -translate-y-1/2">
          <LevelBadge level={level} />
        </span>
      </CourseArt>
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-lg font-semibold text-slate-900">{course.title}</h3>
        {/* The clamped text keeps its three-line height; stretched to fill the card it would show part of a fourth. */}
        <p data-testid="course-description" className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-600">
          {course.description}
        </p>
        <dl className="mt-auto flex items-center gap-5 pt-5 text-sm text-slate-700">
          <div>
            <dt className="sr-only">Duration</dt>
            <dd className="flex items-center gap-1.5">
              <Clock className="h-4 w-4 text-purple-600" aria-hidden="true" />
              {course.duration || "8 weeks"}
            </dd>
          </div>
          <div>
            <dt className="sr-only">Students</dt>
            <dd className="flex items-center gap-1.5">
              <Users className="h-4 w-4 text-purple-600" aria-hidden="true" />
              {course.student_count || "1k"} students
            </dd>
          </div>
        </dl>
        <div className="mt-5">
          <div className="flex justify-between text-xs font-medium text-slate-700">
            <span id={`progress-${course.id}`}>Completion rate</span>
            <span>{progress}%</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby={`progress-${course.id}`}
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-linear-to-r from-purple-600 to-blue-600" style={{ width: `${progress}%` }} />
          </div>
        </div>
        {external ? (
          <a
            href={course.external_url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-6 inline-flex items-center justify-center gap-2 rounded-xl bg-linear-to-r from-purple-600 to-blue-600 px-5 py-3 font-semibold text-white transition hover:from-purple-700 hover:to-blue-700"
          >
            Register Now<span className="sr-only"> for {course.title} (opens in a new tab)</span>
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
          </a>
        ) : (
          <Link
            to="/tech-school"
            className="mt-6 inline-flex items-center justify-center gap-2 rounded-xl border border-purple-200 bg-purple-50 px-5 py-3 font-semibold text-purple-800 transition hover:bg-purple-100"
          >
            Learn More<span className="sr-only"> about {course.title}</span>
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        )}
      </div>
    </li>
  );
}
