import { useId } from "react";
import { Mail } from "lucide-react";
import { NewsletterForm } from "../../components/public/newsletter-form";

/** The blog's Stay Updated box: the footer's newsletter form in the blog's look. */
export function StayUpdated({ className = "" }: { className?: string }) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`on-dark rounded-2xl bg-linear-to-br from-purple-700 to-blue-700 p-6 text-white shadow-lg shadow-purple-900/20 ${className}`}
    >
      <Mail className="h-8 w-8 text-purple-100" aria-hidden="true" />
      <h2 id={`${id}-title`} className="mt-3 text-xl font-bold">
        Stay Updated
      </h2>
      <p className="mt-2 text-sm text-purple-50">New articles, case studies and course announcements in your inbox once a month.</p>
      <NewsletterForm
        placeholder="Your email address"
        wrapperClassName="mt-4"
        className="space-y-3"
        messageClassName="mt-3 text-sm font-medium text-white"
        inputClassName="block w-full rounded-xl border border-white/30 bg-white/10 px-4 py-2.5 text-white placeholder:text-purple-100 focus:border-white focus:outline-none focus:ring-2 focus:ring-white/40"
        buttonClassName="w-full rounded-xl bg-white px-4 py-2.5 font-semibold text-purple-800 transition hover:bg-purple-50"
      />
    </section>
  );
}
