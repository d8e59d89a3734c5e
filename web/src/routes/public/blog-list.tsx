import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { ChevronLeft, ChevronRight, FileSearch, Filter, Newspaper, Search, Tag } from "lucide-react";
import { BLOG_PAGE_SIZE, blogCategories, categoryLabel, type BlogCategoryCounts } from "@agency/core/contract/blog-values";
import { PageHero } from "../../components/public/page-hero";
import { SidePanel } from "../../components/public/side-panel";
import { Spinner } from "../../components/spinner";
import { container } from "../../components/ui/classes";
import { CloseButton, Modal } from "../../components/ui/modal";
import { pageSectionsQuery, usePageTexts } from "../../features/content/api";
import { loadQueries, type PageLoader } from "../../lib/page-loader";
import { useDeferredData } from "../../features/content/deferred";
import { blogPageHref, blogQueries, useBlogCategories, useBlogList, type BlogListParams } from "../../features/blog/api";
import { counted } from "../../lib/format";
import { PostCard } from "../../features/blog/post-card";
import { StayUpdated } from "../../features/blog/stay-updated";
import { usePageMeta } from "../../features/seo/use-page-meta";
import NotFoundPage from "./not-found";
import { useTypedBeforeHydration } from "../../lib/hydration";

const defaults = {
  hero_title: "Field Notes on Applied AI",
  hero_subtitle: "Lessons from client projects, practical guides and student work from the Arcline team: what worked, what did not, and what we would do differently.",
};

const popularTags = ["Automation", "AI Agents", "Machine Learning", "Forecasting", "Python", "Case Study", "Careers", "LLMs"];

/** The sidebar's categories with the counts kept on the server ("All Posts": every published post). */
function CategoryList({ counts, active, onPick }: { counts: BlogCategoryCounts | undefined; active: string; onPick: (c: string) => void }) {
  const countOf = (c: string) => counts?.categories.find((x) => x.category === c)?.count;
  const items = [{ value: "", label: "All Posts", count: counts?.total }, ...blogCategories.map((c) => ({ value: c, label: categoryLabel(c), count: countOf(c) }))];
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
              {item.count !== undefined && (
                <span className={`rounded-full px-2 py-0.5 text-xs ${isActive ? "bg-white/20 text-white" : "bg-slate-100 text-slate-700"}`}>{item.count}</span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Previous and Next between the list's addresses (/blog, /blog/page/{n}), with "Page n of N" when N is known. */
function Pagination({ page, pages, hasNext, filters }: { page: number; pages: number | undefined; hasNext: boolean; filters: { category: string; q: string } }) {
  if (page === 1 && !hasNext) return null;
  const link =
    "inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 shadow-sm hover:border-purple-400 hover:text-purple-800";
  return (
    <nav aria-label="Blog pages" className="mt-12 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={blogPageHref(page - 1, filters)} rel="prev" className={link}>
          <ChevronLeft className="h-5 w-5" aria-hidden="true" /> Previous<span className="sr-only"> page</span>
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600" aria-current="page">
        Page {page}
        {pages ? ` of ${pages}` : ""}
      </p>
      {hasNext ? (
        <Link to={blogPageHref(page + 1, filters)} rel="next" className={link}>
          Next<span className="sr-only"> page</span> <ChevronRight className="h-5 w-5" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Each tag runs the blog's search for it. */
function PopularTags() {
  return (
    <SidePanel headingId="tags-heading" icon={Tag} title="Popular Tags">
      <ul className="mt-4 flex flex-wrap gap-2">
        {popularTags.map((t) => (
          <li key={t}>
            <Link
              to={blogPageHref(1, { category: "", q: t })}
              className="inline-block rounded-full bg-slate-100 px-3 py-1.5 text-sm text-slate-700 hover:bg-purple-50 hover:text-purple-800 focus-visible:outline-2 focus-visible:outline-purple-700"
            >
              #{t}
            </Link>
          </li>
        ))}
      </ul>
    </SidePanel>
  );
}

/** How long typing pauses before the search runs on the server. */
const SEARCH_DELAY_MS = 300;

/** Which page of the list an address shows: /blog is page 1, /blog/page/{n} the n-th (a real address per page), 0 for no page; the filters from its query. */
function listParams(pageParam: string | undefined, params: URLSearchParams): BlogListParams {
  const page = pageParam === undefined ? 1 : /^[1-9]\d{0,3}$/.test(pageParam) ? Number(pageParam) : 0;
  return { page, category: params.get("category") ?? "", q: (params.get("q") ?? "").trim() };
}

export const loader: PageLoader = ({ context, params, request }) => {
  const list = listParams(params.page, new URL(request.url).searchParams);
  return loadQueries(context, pageSectionsQuery("blog"), blogQueries.list(list), blogQueries.categories());
};

export default function BlogListPage() {
  const { texts } = usePageTexts("blog", defaults);
  const { page: pageParam } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [drawer, setDrawer] = useState(false);
  const drawerTitle = useId();
  const { page, category, q } = listParams(pageParam, params);
  usePageMeta({ title: page > 1 ? `Blog - Page ${page}` : "Blog", description: texts.hero_subtitle });

  const list = useBlogList({ page, category, q });
  const posts = useDeferredData(list);
  const counts = useBlogCategories().data;

  // The search box shows what is typed at once; the list follows once typing pauses.
  const [typed, setTyped] = useState(q);
  useEffect(() => setTyped((t) => (t.trim() === q ? t : q)), [q]);
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => navigate(blogPageHref(1, { category, q: typed.trim() }), { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, q, category, navigate]);
  // A search typed on the rendered page before the app ran runs once it does (after the effect
  // above has matched the box to the address, which would otherwise clear it).
  const searchBox = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(searchBox, (field) => setTyped(field.value));

  if (page === 0) return <NotFoundPage />;

  const items = posts.data?.items ?? [];
  // A page past the last is no address of the blog (after posts left, its rendered file goes too).
  if (page > 1 && !q && !category && posts.data && !items.length) return <NotFoundPage />;
  const [featured, ...rest] = page === 1 ? items : [undefined, ...items];
  const filtering = Boolean(q || category);
  const categoryCount = category ? counts?.categories.find((c) => c.category === category)?.count : counts?.total;
  const pages = !q && categoryCount !== undefined ? Math.max(1, Math.ceil(categoryCount / BLOG_PAGE_SIZE)) : undefined;

  const categories = (
    <CategoryList
      counts={counts}
      active={category}
      onPick={(c) => {
        navigate(blogPageHref(1, { category: c, q }));
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
                <label htmlFor="blog-search" className="sr-only">
                  Search articles
                </label>
                <Search className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
                <input
                  ref={searchBox}
                  id="blog-search"
                  type="search"
                  placeholder="Search articles..."
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
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
                {q || categoryCount === undefined ? "Articles" : counted(categoryCount, "article")}
                {category && (
                  <>
                    {" "}
                    in <strong className="text-slate-900">{categoryLabel(category)}</strong>
                  </>
                )}
                {q && (
                  <>
                    {" "}
                    matching “<strong className="text-slate-900">{q}</strong>”
                  </>
                )}
              </p>
            )}

            {posts.pending ? (
              <Spinner className="min-h-screen items-start" label="Loading articles" />
            ) : items.length === 0 && !filtering && page === 1 ? (
              <div className="mt-10 rounded-2xl border border-dashed border-slate-300 p-12 text-center" data-testid="blog-empty">
                <Newspaper className="mx-auto h-12 w-12 text-slate-400" aria-hidden="true" />
                <h2 className="mt-4 text-xl font-semibold text-slate-900">No posts yet</h2>
                <p className="mt-2 text-slate-600">Our first articles are on their way. Check back soon.</p>
              </div>
            ) : items.length === 0 ? (
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
                {featured && (
                  <section aria-labelledby="featured-heading" className="mt-10">
                    <h2 id="featured-heading" className="text-sm font-semibold tracking-wider text-purple-700 uppercase">
                      Featured Article
                    </h2>
                    <div className="mt-4">
                      <PostCard post={featured} featured />
                    </div>
                  </section>
                )}
                {rest.length > 0 && (
                  <section aria-labelledby="more-heading" className={featured ? "mt-14" : "mt-10"}>
                    <h2 id="more-heading" className="text-2xl font-bold text-slate-900">
                      More Articles
                    </h2>
                    <ul className="mt-6 grid gap-6 md:grid-cols-2">
                      {rest.map(
                        (p) =>
                          p && (
                            <li key={p.id} className="flex">
                              <PostCard post={p} />
                            </li>
                          ),
                      )}
                    </ul>
                  </section>
                )}
                <Pagination page={page} pages={pages} hasNext={posts.data?.hasNext ?? false} filters={{ category, q }} />
              </>
            )}
          </div>

          <aside aria-label="Blog sidebar" className="space-y-6">
            <nav aria-labelledby="categories-heading" className="hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:block">
              <h2 id="categories-heading" className="mb-4 text-lg font-bold text-slate-900">
                Categories
              </h2>
              {categories}
            </nav>
            <StayUpdated />
            <PopularTags />
          </aside>
        </div>
      </div>

      <Modal open={drawer} onClose={() => setDrawer(false)} labelledBy={drawerTitle} width="max-w-xs" variant="drawer">
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 id={drawerTitle} className="text-lg font-bold text-slate-900">
            Categories
          </h2>
          <CloseButton onClick={() => setDrawer(false)} label="Close filters" />
        </div>
        <div className="p-4">{categories}</div>
      </Modal>
    </>
  );
}
