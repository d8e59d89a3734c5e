import { Link } from "react-router-dom";
import { Compass } from "lucide-react";
import { HeroDots } from "../../components/public/page-hero";
import { btnPrimary } from "../../components/ui/classes";
import { usePageMeta } from "../../features/seo/use-page-meta";

/** `robots`: a page that must stay out of search even when not found (a dead preview link). */
export default function NotFoundPage({ robots }: { robots?: string } = {}) {
  usePageMeta({ title: "Page Not Found", notFound: true, robots });
  return (
    <section className="hero-art on-dark relative isolate flex min-h-screen items-center overflow-hidden px-4 pt-24 pb-16 text-center text-white">
      <HeroDots />
      <div className="mx-auto max-w-xl">
        <Compass className="mx-auto h-16 w-16 text-purple-300" aria-hidden="true" />
        <p className="mt-6 text-sm font-semibold tracking-wider text-purple-200 uppercase">404</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">Page Not Found</h1>
        <p className="mt-4 text-lg text-slate-200">The page you are looking for does not exist or has moved.</p>
        <Link to="/" className={`${btnPrimary} mt-10`}>
          Back to Home
        </Link>
      </div>
    </section>
  );
}
