import { Link } from "react-router-dom";
import { ArrowRight, Newspaper, User } from "lucide-react";
import { imageSrc } from "../../lib/image-src";
import { slotSizes } from "../../lib/picture";
import { Picture } from "../../components/public/picture";
import type { BlogPostSummary } from "./api";
import { categoryLabel } from "@agency/core/contract/blog-values";
import { categoryGradient } from "./categories";
import { PostMeta } from "./post-meta";

/**
 * A card's photo, lazy; the featured article's (`tall`) is eager and first in line: on a phone it is
 * the first image on /blog, inside the first screen, and the page's largest paint.
 *
 * A grid card's slot (h-44) is about as wide again as tall at every width (1.75:1 to 2.6:1), so it
 * takes the featured slot's 1200:630 cut (lib/picture.ts SlotShape) rather than the whole photo,
 * whose top and bottom it would hide. So does the featured article's above its text (h-56, h-72:
 * 1.5:1 to 3.4:1; on a 412-px phone 69 KB instead of 98 KB for the page's largest paint); beside its
 * text on a large screen its slot is near 3:2, where the cut would be enlarged: the whole photo.
 */
function Cover({ post, tall }: { post: BlogPostSummary; tall?: boolean }) {
  const h = tall ? "h-56 sm:h-72 lg:h-full lg:min-h-80" : "h-44";
  const src = imageSrc(post.featured_image_url);
  if (src)
    return (
      <Picture
        src={post.featured_image_url}
        images={post.images}
        alt={post.featured_image_alt ?? ""}
        sizes={tall ? slotSizes.wideCard : slotSizes.card}
        shape={tall ? "wide-below-lg" : "wide"}
        width={800}
        height={450}
        className={`w-full object-cover ${h}`}
        priority={tall}
      />
    );
  return (
    <div aria-hidden="true" className={`relative flex w-full items-center justify-center overflow-hidden bg-linear-to-br ${categoryGradient(post.category)} ${h}`}>
      <div className="absolute inset-0 bg-[radial-gradient(circle_at_25%_20%,rgba(255,255,255,0.22),transparent_50%)]" />
      <Newspaper className="relative h-14 w-14 text-white/80" />
    </div>
  );
}

export function CategoryBadge({ category, onDark }: { category: string | null | undefined; onDark?: boolean }) {
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ${onDark ? "bg-white/15 text-white" : "bg-purple-100 text-purple-800"}`}>
      {categoryLabel(category)}
    </span>
  );
}

/** A post in the list; the title is the link and covers the whole card. */
export function PostCard({ post, featured = false, headingLevel = 3 }: { post: BlogPostSummary; featured?: boolean; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      data-testid={featured ? "featured-post" : "post-card"}
      className={`group relative flex overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-1 hover:shadow-xl hover:shadow-purple-900/5 focus-within:ring-2 focus-within:ring-purple-600 ${featured ? "flex-col lg:grid lg:grid-cols-2" : "flex-col"}`}
    >
      <Cover post={post} tall={featured} />
      <div className={`flex flex-1 flex-col ${featured ? "p-7 sm:p-10" : "p-6"}`}>
        <div className="flex flex-wrap items-center gap-3">
          <CategoryBadge category={post.category} />
          <PostMeta post={post} />
        </div>
        <H className={`mt-4 font-bold text-slate-900 group-hover:text-purple-800 ${featured ? "text-2xl sm:text-3xl" : "text-xl"}`}>
          <Link to={`/blog/${post.slug}`} className="outline-none after:absolute after:inset-0 after:content-['']">
            {post.title}
          </Link>
        </H>
        {/* A clamped excerpt keeps its own height (three lines): stretched to fill the card, it would show part of a fourth. */}
        <p data-testid="post-excerpt" className={`mt-3 leading-relaxed text-slate-600 ${featured ? "flex-1 text-lg" : "line-clamp-3"}`}>
          {post.excerpt}
        </p>
        <div className="mt-auto flex items-center justify-between gap-4 pt-6 text-sm">
          <span className="inline-flex items-center gap-2 text-slate-700">
            <User className="h-4 w-4" aria-hidden="true" />
            {post.author_name || "Arcline Team"}
          </span>
          <span aria-hidden="true" className="inline-flex items-center gap-1 font-semibold text-purple-700">
            Read article <ArrowRight className="h-4 w-4 transition group-hover:translate-x-1" />
          </span>
        </div>
      </div>
    </article>
  );
}
