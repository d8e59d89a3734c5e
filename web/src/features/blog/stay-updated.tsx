import { useId, useState, type FormEvent } from "react";
import { Mail } from "lucide-react";

/** The blog's Stay Updated box. Like the footer newsletter, subscribing makes no request (SPEC §2). */
export function StayUpdated({ className = "" }: { className?: string }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setEmail("");
  };
  return (
    <section aria-labelledby={`${id}-title`} className={`on-dark rounded-2xl bg-linear-to-br from-purple-700 to-blue-700 p-6 text-white shadow-lg shadow-purple-900/20 ${className}`}>
      <Mail className="h-8 w-8 text-purple-100" aria-hidden="true" />
      <h2 id={`${id}-title`} className="mt-3 text-xl font-bold">Stay Updated</h2>
      <p className="mt-2 text-sm text-purple-50">New articles, case studies and course announcements in your inbox once a month.</p>
      <form onSubmit={onSubmit} className="mt-4 space-y-3">
        <label htmlFor={`${id}-email`} className="sr-only">Email address</label>
        <input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="block w-full rounded-xl border border-white/30 bg-white/10 px-4 py-2.5 text-white placeholder:text-purple-100 focus:border-white focus:outline-none focus:ring-2 focus:ring-white/40"
        />
        <button type="submit" className="w-full rounded-xl bg-white px-4 py-2.5 font-semibold text-purple-800 transition hover:bg-purple-50">
          Subscribe
        </button>
      </form>
    </section>
  );
}
