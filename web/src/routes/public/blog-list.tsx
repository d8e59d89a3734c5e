import { useId, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { FileSearch, Filter, Newspaper, Search, Tag } from "lucide-react";
import "../../lib/zod-jitless";
import { excerptOf, publicBlogCategories, htmlText } from "@agency/core/contract/blog-values";
import { PageHero } from "../../components/public/page-hero";
import { Spinner } from "../../components/spinner";
import { container } from "../../components/ui/classes";
import { CloseButton, Modal } from "../../components/ui/modal";
import { usePageTexts } from "../../features/content/api";
import { useDeferredData } from "../../features/content/deferred";
import { useBlogPosts, type BlogPost } from "../../features/blog/api";
import { counted } from "../../lib/format";
import { categoryLabel } from "../../features/blog/categories";
import { PostCard } from "../../features/blog/post-card";
import { StayUpdated } from "../../features/blog/stay-updated";
import { usePageMeta } from "../../features/seo/use-page-meta";

const defaults = {
  hero_title: "Field Notes on Applied AI",
  hero_subtitle:
    "Lessons from client projects, practical guides and student work from the Arcline team: what worked, what did not, and what we would do differently.",
};

const popularTags = ["Automation", "AI Agents", "Machine Learning", "Forecasting", "Python", "Case Study", "Careers", "LLMs"];

/** Case-insensitive search over title, excerpt and content (SPEC §5). */
function matches(post: BlogPost, q: string) {
  if (!q) return true;
  const hay = `${post.title}\n${excerptOf(post)}\n${htmlText(post.content ?? "")}`.toLowerCase();
  return hay.includes(q.toLowerCase());
}

function CategoryList({ posts, active, onPick }: { posts: BlogPost[]; active: string; onPick: (c: string) => void }) {
  const counts = useMemo(() => {
    const m = new Map<string, number>();
    for (const p of posts) m.set(p.category ?? "", (m.get(p.category ?? "") ?? 0) + 1);
    return m;
  }, [posts]);
  const items = [{ value: "", label: "All Posts", count: posts.length }, ...publicBlogCategories.map((c) => ({ value: c, label: categoryLabel(c), count: counts.get(c) ?? 0 }))];
  return (
    <ul className="space-y-1" data-testid="category-list">
      {items.map((item) => {
        const isActive = item.value === active;
        return (
          <li key={item.value || "all"}>
            <button
              type="button"
              aria-pressed={isActive}
              onClick={() => onPick(item.value)}
              className={`flex w-full items-center justify-between rounded-xl px-4 py-2.5 text-left text-sm font-medium transition ${isActive ? "bg-purple-700 text-white" : "text-slate-700 hover:bg-purple-50 hover:text-purple-800"}`}
            >
              <span>{item.label}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs ${isActive ? "bg-white/20 text-white" : "bg-slate-100 text-slate-700"}`}>{item.count}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function PopularTags() {
  return (
    <section aria-labelledby="tags-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="tags-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Tag className="h-5 w-5 text-purple-600" aria-hidden="true" /> Popular Tags
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {popularTags.map((t) => (
          <li key={t} className="rounded-full bg-slate-100 px-3 py-1.5 text-sm text-slate-700">#{t}</li>
        ))}
      </ul>
    </section>
  );
}

export default function BlogListPage() {
  const { texts } = usePageTexts("blog", defaults);
  const posts = useDeferredData(useBlogPosts());
  const [params, setParams] = useSearchParams();
  const [drawer, setDrawer] = useState(false);
  const drawerTitle = useId();
  const q = params.get("q") ?? "";
  const category = params.get("category") ?? "";
  usePageMeta({ title: "Blog", description: texts.hero_subtitle });

  const update = (next: { q?: string; category?: string }) => {
    const merged = { q, category, ...next };
    const sp = new URLSearchParams();
    if (merged.q) sp.set("q", merged.q);
    if (merged.category) sp.set("category", merged.category);
    setParams(sp, { replace: true });
  };

  const all = posts.data ?? [];
  const filtered = all.filter((p) => (!category || p.category === category) && matches(p, q.trim()));
  const [featured, ...rest] = filtered;
  const filtering = !!(q.trim() || category);

  const categories = (
    <CategoryList
      posts={all}
      active={category}
      onPick={(c) => {
        update({ category: c });
        setDrawer(false);
      }}
    />
  );

  return (
    <>
      <PageHero badge="Arcline Blog" title={texts.hero_title} subtitle={texts.hero_subtitle} />

      <div className={`${container} py-12 sm:py-16`}>
        <div className="grid gap-10 lg:grid-cols-[1fr_18rem]">
          <div className="min-w-0">
            <div className="flex gap-3">
              <div className="relative flex-1">
                <label htmlFor="blog-search" className="sr-only">Search articles</label>
                <Search className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
                <input
                  id="blog-search"
                  type="search"
                  placeholder="Search articles..."
                  value={q}
                  onChange={(e) => update({ q: e.target.value })}
                  className="block w-full rounded-xl border border-slate-300 bg-white py-3 pr-4 pl-12 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-purple-600 focus:ring-2 focus:ring-purple-600/30 focus:outline-none"
                />
              </div>
              <button
                type="button"
                onClick={() => setDrawer(true)}
                aria-haspopup="dialog"
                className="inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-3 font-medium text-slate-800 shadow-sm hover:border-purple-400 lg:hidden"
              >
                <Filter className="h-5 w-5" aria-hidden="true" />
                Filters
                {category && <span className="sr-only">(1 active)</span>}
              </button>
            </div>
            {filtering && (
              <p className="mt-4 text-sm text-slate-600" role="status">
                {counted(filtered.length, "article")}
                {category && <> in <strong className="text-slate-900">{categoryLabel(category)}</strong></>}
                {q.trim() && <> matching “<strong className="text-slate-900">{q.trim()}</strong>”</>}
              </p>
            )}

            {posts.pending ? (
              <Spinner className="min-h-screen items-start" label="Loading articles" />
            ) : all.length === 0 ? (
              <div className="mt-10 rounded-2xl border border-dashed border-slate-300 p-12 text-center" data-testid="blog-empty">
                <Newspaper className="mx-auto h-12 w-12 text-slate-400" aria-hidden="true" />
                <h2 className="mt-4 text-xl font-semibold text-slate-900">No posts yet</h2>
                <p className="mt-2 text-slate-600">Our first articles are on their way. Check back soon.</p>
              </div>
            ) : !featured ? (
              <div className="mt-10 rounded-2xl border border-dashed border-slate-300 p-12 text-center" data-testid="blog-empty">
                <FileSearch className="mx-auto h-12 w-12 text-slate-400" aria-hidden="true" />
                <h2 className="mt-4 text-xl font-semibold text-slate-900">No posts found</h2>
                <p className="mt-2 text-slate-600">Try a different search term or category.</p>
                <Link to="/blog" replace className="mt-6 inline-flex rounded-lg font-semibold text-purple-700 underline underline-offset-4 hover:text-purple-900">
                  Clear filters
                </Link>
              </div>
            ) : (
              <>
                <section aria-labelledby="featured-heading" className="mt-10">
                  <h2 id="featured-heading" className="text-sm font-semibold tracking-wider text-purple-700 uppercase">Featured Article</h2>
                  <div className="mt-4">
                    <PostCard post={featured} featured />
                  </div>
                </section>
                {rest.length > 0 && (
                  <section aria-labelledby="more-heading" className="mt-14">
                    <h2 id="more-heading" className="text-2xl font-bold text-slate-900">More Articles</h2>
                    <ul className="mt-6 grid gap-6 md:grid-cols-2">
                      {rest.map((p) => (
                        <li key={p.id} className="flex">
                          <PostCard post={p} />
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
              </>
            )}
          </div>

          <aside aria-label="Blog sidebar" className="space-y-6">
            <nav aria-labelledby="categories-heading" className="hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:block">
              <h2 id="categories-heading" className="mb-4 text-lg font-bold text-slate-900">Categories</h2>
              {categories}
            </nav>
            <StayUpdated />
            <PopularTags />
          </aside>
        </div>
      </div>

      <Modal
        open={drawer}
        onClose={() => setDrawer(false)}
        labelledBy={drawerTitle}
        width="max-w-xs"
        variant="drawer"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 id={drawerTitle} className="text-lg font-bold text-slate-900">Categories</h2>
          <CloseButton onClick={() => setDrawer(false)} label="Close filters" />
        </div>
        <div className="p-4">{categories}</div>
      </Modal>
    </>
  );
}
