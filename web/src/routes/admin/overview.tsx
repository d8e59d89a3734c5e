import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { ArrowRight, BookOpen, Briefcase, ClipboardList, GraduationCap, Mail, Newspaper } from "lucide-react";
import { Badge } from "../../components/admin/badge";
import { EmptyState } from "../../components/admin/empty-state";
import { PageHeader } from "../../components/admin/page-header";
import { StatCard, StatGrid } from "../../components/admin/stat-card";
import { useDashboardStats } from "../../features/dashboard/api";
import { useCan } from "../../features/session/api";
import { counted, formatCount, formatDateTime } from "../../lib/format";

const quickLinks = [
  { to: "/admin/blog", label: "Manage Blog Posts", hint: "Write, publish and edit articles", icon: BookOpen },
  { to: "/admin/courses", label: "Manage Courses", hint: "Update the Tech School catalogue", icon: GraduationCap },
  { to: "/admin/service-details", label: "Manage Service Details", hint: "Edit what each service offers", icon: Briefcase },
] as const;

function RecentList({ title, empty, link, children }: { title: string; empty: string; link: { to: string; label: string }; children: ReactNode[] }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        <Link to={link.to} className="text-sm font-medium text-purple-700 hover:text-purple-900 hover:underline">
          {link.label}
        </Link>
      </div>
      {children.length ? <ul className="divide-y divide-slate-100">{children}</ul> : <EmptyState title={empty} />}
    </section>
  );
}

/**
 * A row of a recent list, a link that opens its record (`to`, with `?open={id}` as the lead mails
 * link); `date` (when it was made) at its end, unless its badge already says when (a schedule).
 */
function Row({ to, primary, secondary, meta, date }: { to: string; primary: ReactNode; secondary?: ReactNode; meta?: ReactNode; date?: string }) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-start justify-between gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-purple-600"
      >
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-900">{primary}</p>
          {secondary && <p className="truncate text-sm text-slate-600">{secondary}</p>}
          {meta && <div className="mt-1 text-xs text-slate-600">{meta}</div>}
        </div>
        {date && (
          <time dateTime={date} className="shrink-0 text-xs text-slate-600">
            {formatDateTime(date)}
          </time>
        )}
      </Link>
    </li>
  );
}

/** SPEC §2 Overview: four counters from counters kept on write, quick links, three recent lists and the next scheduled posts. */
export default function Overview() {
  const { data, isError } = useDashboardStats();
  // Leads only for a role that may read them (an editor's Overview has posts and courses only).
  const can = useCan();
  const leads = { messages: can("messages"), registrations: can("registrations") };
  const s = data?.stats;
  const recent = data?.recentActivity;
  return (
    <div>
      <PageHeader title="Dashboard Overview" description="What changed on the site and what needs an answer." />
      {isError && (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          The dashboard could not be loaded. Reload the page to try again.
        </p>
      )}
      <StatGrid label="Counters" columns={leads.messages && leads.registrations ? "lg:grid-cols-5" : undefined}>
        <StatCard
          label="Blog Posts"
          value={s?.blogPosts.total}
          icon={BookOpen}
          tone="purple"
          animate
          hint={s && `${formatCount(s.blogPosts.published)} published, ${counted(s.blogPosts.drafts, "draft")}`}
        />
        <StatCard
          label="Courses"
          value={s?.courses.total}
          icon={GraduationCap}
          tone="blue"
          animate
          hint={s && `${formatCount(s.courses.active)} active, ${formatCount(s.courses.inactive)} inactive`}
        />
        {leads.messages && (
          <StatCard label="Contact Forms" value={s?.contacts?.total} icon={Mail} tone="green" animate hint={s?.contacts && `${formatCount(s.contacts.unread)} unread`} />
        )}
        {leads.registrations && (
          <StatCard
            label="Course Registrations"
            value={s?.registrations?.total}
            icon={ClipboardList}
            tone="amber"
            animate
            hint={s?.registrations && `${formatCount(s.registrations.pending)} pending`}
          />
        )}
        {leads.messages && (
          <StatCard
            label="Newsletter Subscribers"
            value={s?.subscribers?.confirmed}
            icon={Newspaper}
            tone="blue"
            animate
            hint={s?.subscribers && `${formatCount(s.subscribers.pending)} awaiting confirmation`}
          />
        )}
      </StatGrid>

      <nav aria-label="Quick links" className="mb-6 grid gap-3 sm:grid-cols-3">
        {quickLinks.map(({ to, label, hint, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className="group flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-purple-300 hover:shadow focus-visible:outline-2 focus-visible:outline-purple-600"
          >
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-purple-100 text-purple-700">
              <Icon aria-hidden="true" className="h-5 w-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-semibold text-slate-900">{label}</span>
              <span className="block text-xs text-slate-600">{hint}</span>
            </span>
            <ArrowRight aria-hidden="true" className="h-4 w-4 text-slate-500 group-hover:text-purple-700" />
          </Link>
        ))}
      </nav>

      {recent && (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
          {recent.contacts && (
            <RecentList title="Recent Contact Submissions" empty="No recent contact submissions" link={{ to: "/admin/messages", label: "View all" }}>
              {recent.contacts.map((c) => (
                <Row key={c.id} to={`/admin/messages?open=${encodeURIComponent(c.id)}`} primary={c.name} secondary={c.email} meta={c.company || undefined} date={c.created_at} />
              ))}
            </RecentList>
          )}
          {recent.registrations && (
            <RecentList title="Recent Course Registrations" empty="No recent course registrations" link={{ to: "/admin/registrations", label: "View all" }}>
              {recent.registrations.map((r) => (
                <Row
                  key={r.id}
                  to={`/admin/registrations?open=${encodeURIComponent(r.id)}`}
                  primary={r.name}
                  secondary={r.email}
                  meta={r.course_interest || undefined}
                  date={r.created_at}
                />
              ))}
            </RecentList>
          )}
          <RecentList title="Recent Blog Posts" empty="No recent blog posts" link={{ to: "/admin/blog", label: "View all" }}>
            {recent.blogPosts.map((p) => (
              <Row
                key={p.id}
                to={`/admin/blog?open=${encodeURIComponent(p.id)}`}
                primary={p.title}
                secondary={`/${p.slug}`}
                date={p.created_at}
                meta={<Badge tone={p.is_published ? "green" : "slate"}>{p.is_published ? "Published" : "Draft"}</Badge>}
              />
            ))}
          </RecentList>
          <RecentList title="Upcoming Scheduled Posts" empty="No posts scheduled" link={{ to: "/admin/blog", label: "View all" }}>
            {(data?.scheduledPosts ?? []).map((p) => (
              <Row
                key={p.id}
                to={`/admin/blog?open=${encodeURIComponent(p.id)}`}
                primary={p.title}
                secondary={`/${p.slug}`}
                meta={
                  <Badge tone="blue">
                    Scheduled for <time dateTime={p.publish_at}>{formatDateTime(p.publish_at)}</time>
                  </Badge>
                }
              />
            ))}
          </RecentList>
        </div>
      )}
    </div>
  );
}
