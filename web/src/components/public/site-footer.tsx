import { lazy, Suspense, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { NewsletterForm } from "./newsletter-form";
import { Mail, MapPin, Phone } from "lucide-react";
import type { PolicyKey } from "@agency/core/contract/page-sections";
import { pageSectionsQuery, usePageTexts, type PublicSettings } from "../../features/content/api";
import { policyList } from "../../features/policies/api";
import { container } from "../ui/classes";
import { BackToTop } from "./back-to-top";
import { BrandMark } from "./brand";
import { SocialIcon } from "./social-icons";

// DOMPurify and the dialog come with the modal: fetched when a policy button is pointed at or
// focused, at the latest on its click.
const loadPolicyModal = () => import("../../features/policies/policy-modal");
const PolicyModal = lazy(loadPolicyModal);

export const globalDefaults = {
  footer_description: "Arcline AI builds practical automation, AI agents and analytics for growing businesses, and trains the people who run them through Arcline Academy.",
  newsletter_title: "The Arcline Briefing",
  newsletter_subtitle: "One email a month: automation ideas that worked, new course cohorts and lessons from our client projects. No spam, unsubscribe anytime.",
};

/** A setting's value as a link target: an http(s) URL, else none (the link is then not shown). */
const webUrl = (value: string | undefined) => (value && /^https?:\/\/\S+$/i.test(value) ? value : undefined);

const columns = (settings: PublicSettings): { title: string; links: { label: string; to?: string; href?: string }[] }[] => [
  {
    title: "Company",
    links: [
      { label: "About Us", to: "/about" },
      { label: "Services", to: "/services" },
      { label: "Contact", to: "/contact" },
    ],
  },
  {
    title: "Tech School",
    links: [
      { label: "All Courses", to: "/tech-school" },
      { label: "Machine Learning", to: "/tech-school" },
      { label: "AI Automation", to: "/tech-school" },
      { label: "Data Science", to: "/tech-school" },
    ],
  },
  // Documentation and Support go where their settings say, and are not shown while those are empty.
  {
    title: "Resources",
    links: [
      { label: "Blog", to: "/blog" },
      ...(webUrl(settings.documentation_url) ? [{ label: "Documentation", href: webUrl(settings.documentation_url) }] : []),
      ...(webUrl(settings.support_url) ? [{ label: "Support", href: webUrl(settings.support_url) }] : []),
    ],
  },
];

const linkClass = "rounded text-slate-300 transition hover:text-white";

function Newsletter({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="flex flex-col gap-6 rounded-3xl border border-white/10 bg-linear-to-r from-purple-900/60 to-blue-900/60 p-6 sm:p-8 lg:flex-row lg:items-center lg:justify-between">
      <div className="max-w-xl">
        <h2 className="text-2xl font-bold text-white">{title}</h2>
        <p className="mt-2 text-slate-200">{subtitle}</p>
      </div>
      <NewsletterForm
        aria-label="Newsletter signup"
        placeholder="Enter your email"
        wrapperClassName="w-full max-w-md"
        className="flex w-full flex-col gap-3 sm:flex-row"
        messageClassName="mt-3 text-sm font-medium text-white"
        inputClassName="min-w-0 flex-1 rounded-xl border border-white/20 bg-white/10 px-4 py-3 text-white placeholder:text-slate-300 focus:border-white focus:outline-none focus:ring-2 focus:ring-white/40"
        buttonClassName="rounded-xl bg-white px-6 py-3 font-semibold text-purple-800 transition hover:bg-purple-50 focus-visible:outline-white"
      />
    </div>
  );
}

export default function SiteFooter({ settings }: { settings: PublicSettings }) {
  const { texts } = usePageTexts("global", globalDefaults);
  const [policy, setPolicy] = useState<PolicyKey | null>(null);
  const queryClient = useQueryClient();
  const socials = (
    [
      ["twitter", "X (Twitter)", settings.social_media_twitter],
      ["linkedin", "LinkedIn", settings.social_media_linkedin],
      ["facebook", "Facebook", settings.social_media_facebook],
    ] as const
  ).filter(([, , url]) => /^https?:\/\//i.test(url));

  return (
    <footer className="on-dark bg-slate-950 text-slate-300">
      {/* Extra room at the bottom on phones, so the back-to-top button never covers the policy links. */}
      <div className={`${container} pt-16 pb-24 sm:pb-10`}>
        <Newsletter title={texts.newsletter_title} subtitle={texts.newsletter_subtitle} />

        <div className="mt-14 grid gap-10 sm:grid-cols-2 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <p className="flex items-center gap-2.5 text-xl font-bold text-white">
              <BrandMark />
              {settings.company_name}
            </p>
            <p className="mt-4 max-w-sm leading-relaxed text-slate-300">{texts.footer_description}</p>
            <ul className="mt-6 space-y-3 text-sm">
              <li className="flex items-center gap-3">
                <Mail className="h-4 w-4 shrink-0 text-purple-300" aria-hidden="true" />
                <a href={`mailto:${settings.contact_email}`} className={linkClass}>
                  {settings.contact_email}
                </a>
              </li>
              <li className="flex items-center gap-3">
                <Phone className="h-4 w-4 shrink-0 text-purple-300" aria-hidden="true" />
                <a href={`tel:${settings.contact_phone.replace(/[^+\d]/g, "")}`} className={linkClass}>
                  {settings.contact_phone}
                </a>
              </li>
              <li className="flex items-start gap-3">
                <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-purple-300" aria-hidden="true" />
                <span>{settings.company_address}</span>
              </li>
            </ul>
            {socials.length > 0 && (
              <ul className="mt-6 flex gap-3" aria-label="Social media">
                {socials.map(([icon, label, url]) => (
                  <li key={icon}>
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={label}
                      className="flex h-10 w-10 items-center justify-center rounded-xl bg-white/10 text-slate-200 transition hover:bg-white/20 hover:text-white"
                    >
                      <SocialIcon name={icon} />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>

          {columns(settings).map((col) => (
            <nav key={col.title} aria-label={col.title}>
              <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{col.title}</h2>
              <ul className="mt-4 space-y-3">
                {col.links.map((l) => (
                  <li key={l.label}>
                    {l.to ? (
                      <Link to={l.to} className={linkClass}>
                        {l.label}
                      </Link>
                    ) : (
                      <a href={l.href} className={linkClass}>
                        {l.label}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <div className="mt-14 flex flex-col gap-4 border-t border-white/10 pt-8 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {new Date().getFullYear()} {settings.company_name}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {policyList.map((p) => (
              <li key={p.key}>
                <button
                  type="button"
                  onPointerEnter={loadPolicyModal}
                  onFocus={loadPolicyModal}
                  // The policies are fetched while the modal's code loads, not after it.
                  onClick={() => {
                    void queryClient.prefetchQuery(pageSectionsQuery("policies"));
                    setPolicy(p.key);
                  }}
                  className="rounded text-slate-300 transition hover:text-white"
                >
                  {p.label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <BackToTop />
      {policy && (
        <Suspense fallback={null}>
          <PolicyModal policyKey={policy} label={policyList.find((p) => p.key === policy)!.label} contactEmail={settings.contact_email} onClose={() => setPolicy(null)} />
        </Suspense>
      )}
    </footer>
  );
}
