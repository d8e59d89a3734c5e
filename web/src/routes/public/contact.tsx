import { CalendarCheck, Clock, FileText, Mail, MapPin, MessageCircle, Phone, Timer, type LucideIcon } from "lucide-react";
import { PageHero } from "../../components/public/page-hero";
import { PageSection } from "../../components/public/section-heading";
import { SidePanel } from "../../components/public/side-panel";
import { container } from "../../components/ui/classes";
import { pageSectionsQuery, usePageTexts, useSettings } from "../../features/content/api";
import { loadQueries, type PageLoader } from "../../lib/page-loader";
import { ContactForm } from "../../features/contact/contact-form";
import { usePageMeta } from "../../features/seo/use-page-meta";

const defaults = {
  hero_title: "Let's Talk About What's Slowing You Down",
  hero_subtitle: "Tell us about a process, a project or a course you are considering. We reply within 24 hours, and every engagement starts with a free 30-minute consultation.",
};

const hours = [
  { days: "Monday - Friday", time: "9:00 AM - 6:00 PM EST" },
  { days: "Saturday", time: "10:00 AM - 2:00 PM EST" },
  { days: "Sunday", time: "By appointment" },
];

const expectations: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: MessageCircle, title: "Reply within 24 hours", text: "A real person from our team reads every message and answers within one business day." },
  { icon: Timer, title: "Free 30-minute consultation", text: "We talk through your goals and where AI can help, with no obligation." },
  { icon: FileText, title: "Proposal within 48 hours", text: "If there is a fit, you receive a clear scope, timeline and price within two days." },
];

const faqs = [
  {
    q: "How quickly can you start a project?",
    a: "Most projects begin within 1-2 weeks of signing the proposal. Urgent automation work can often start sooner.",
  },
  {
    q: "How long do your courses run?",
    a: "Our courses run 8-12 weeks for the core programs, with shorter 4-6 week courses for focused topics. Live cohorts start throughout the year.",
  },
  {
    q: "Do you work with small businesses?",
    a: "Yes. Many of our clients are growing companies with 10 to 500 people. We scope projects so they pay for themselves quickly, whatever your size.",
  },
  {
    q: "What does a typical engagement cost?",
    a: "Focused automation projects start around $8,000 and strategy engagements around $4,500. After the free consultation we send a fixed-price proposal.",
  },
];

export const loader: PageLoader = ({ context }) => loadQueries(context, pageSectionsQuery("contact"));

export default function ContactPage() {
  const { texts } = usePageTexts("contact", defaults);
  const settings = useSettings();
  usePageMeta({ title: "Contact Us", description: texts.hero_subtitle });

  const cards: { icon: LucideIcon; title: string; text: string; href?: string; note: string }[] = [
    { icon: Mail, title: "Email Us", text: settings.contact_email, href: `mailto:${settings.contact_email}`, note: "We reply within 24 hours" },
    { icon: Phone, title: "Call Us", text: settings.contact_phone, href: `tel:${settings.contact_phone.replace(/[^+\d]/g, "")}`, note: "Mon-Fri, 9 AM - 6 PM EST" },
    { icon: MapPin, title: "Visit Us", text: settings.company_address, note: "By appointment" },
    {
      icon: CalendarCheck,
      title: "Schedule a Meeting",
      text: "Book a free consultation",
      href: `mailto:${settings.contact_email}?subject=${encodeURIComponent("Free consultation request")}`,
      note: "30 minutes, no obligation",
    },
  ];

  return (
    <>
      <PageHero badge="Contact" title={texts.hero_title} subtitle={texts.hero_subtitle} />

      <section aria-label="Contact form and details" className="py-16 sm:py-20">
        <div className={`${container} grid gap-12 lg:grid-cols-5`}>
          <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-purple-900/5 sm:p-10 lg:col-span-3">
            <ContactForm />
          </div>

          <div className="space-y-6 lg:col-span-2">
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
              {cards.map((c) => (
                <li key={c.title} data-testid="contact-card" className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                  <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-linear-to-br from-purple-600 to-blue-600 text-white">
                    <c.icon className="h-5 w-5" aria-hidden="true" />
                  </span>
                  <div className="min-w-0">
                    <h2 className="font-semibold text-slate-900">{c.title}</h2>
                    {c.href ? (
                      <a href={c.href} className="mt-0.5 block rounded font-medium break-words text-purple-700 hover:text-purple-900">
                        {c.text}
                      </a>
                    ) : (
                      <p className="mt-0.5 text-slate-800">{c.text}</p>
                    )}
                    <p className="mt-0.5 text-sm text-slate-600">{c.note}</p>
                  </div>
                </li>
              ))}
            </ul>

            <SidePanel headingId="hours-heading" icon={Clock} title="Business Hours">
              <dl className="mt-4 divide-y divide-slate-100">
                {hours.map((h) => (
                  <div key={h.days} className="flex justify-between gap-4 py-2.5 text-sm">
                    <dt className="text-slate-700">{h.days}</dt>
                    <dd className="text-right font-medium text-slate-900">{h.time}</dd>
                  </div>
                ))}
              </dl>
            </SidePanel>

            <section aria-labelledby="expect-heading" className="on-dark rounded-2xl bg-linear-to-br from-purple-700 to-blue-700 p-6 text-white shadow-lg shadow-purple-900/20">
              <h2 id="expect-heading" className="text-lg font-bold">
                What to Expect
              </h2>
              <ol className="mt-4 space-y-4">
                {expectations.map((e) => (
                  <li key={e.title} className="flex gap-3">
                    <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-white/15">
                      <e.icon className="h-5 w-5" aria-hidden="true" />
                    </span>
                    <span>
                      <span className="block font-semibold">{e.title}</span>
                      <span className="block text-sm text-purple-50">{e.text}</span>
                    </span>
                  </li>
                ))}
              </ol>
            </section>
          </div>
        </div>
      </section>

      <PageSection headingId="faq-heading" className="bg-slate-50 py-16 sm:py-20" width="max-w-4xl" kicker="FAQ" title="Frequently Asked Questions">
        <div className="mt-10 space-y-4">
          {faqs.map((f) => (
            <details key={f.q} className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm open:shadow-md">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded text-lg font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                {f.q}
                <span
                  aria-hidden="true"
                  className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-purple-50 text-xl text-purple-700 transition group-open:rotate-45"
                >
                  +
                </span>
              </summary>
              <p className="mt-4 leading-relaxed text-slate-700">{f.a}</p>
            </details>
          ))}
        </div>
      </PageSection>
    </>
  );
}
