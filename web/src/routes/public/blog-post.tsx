import { useEffect, useRef } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { ArrowLeft, FileQuestion, User } from "lucide-react";
import { excerptOf } from "@agency/core/contract/blog-values";
import { Breadcrumb, breadcrumbJsonLd, type Crumb } from "../../components/public/breadcrumb";
import { HeroDots } from "../../components/public/page-hero";
import { Spinner } from "../../components/spinner";
import { container } from "../../components/ui/classes";
import { SafeHtml } from "../../components/ui/safe-html";
import { ApiError } from "../../lib/api";
import { absoluteImageSrc, imageSrc } from "../../lib/image-src";
import { imagePreload, infoOf, slotSizes, socialImageOf } from "../../lib/picture";
import { Picture } from "../../components/public/picture";
import { useOnceInView } from "../../lib/in-view";
import { blogQueries, useBlogPost, useRelatedPosts, postErrorMessage, type BlogPost } from "../../features/blog/api";
import { loadQueries, type PageLoader } from "../../lib/page-loader";
import { CategoryBadge, PostCard } from "../../features/blog/post-card";
import { PostMeta } from "../../features/blog/post-meta";
import { ShareButton } from "../../features/blog/share-button";
import { StayUpdated } from "../../features/blog/stay-updated";
import { usePageMeta } from "../../features/seo/use-page-meta";
import { useSettings } from "../../features/content/api";
import { siteOrigin } from "../../lib/site-origin";
import { useDeferredData } from "../../features/content/deferred";

function BackToBlog({ onDark }: { onDark?: boolean }) {
  return (
    <Link to="/blog" className={`inline-flex items-center gap-2 rounded-lg font-semibold ${onDark ? "text-white hover:text-purple-100" : "text-purple-700 hover:text-purple-900"}`}>
      <ArrowLeft className="h-5 w-5" aria-hidden="true" />
      Back to Blog
    </Link>
  );
}

/** 404: 'Post Not Found'; any other failure shows its error title (SPEC §8). */
function PostError({ error }: { error: unknown }) {
  const notFound = error instanceof ApiError && error.status === 404;
  usePageMeta({ title: notFound ? "Post Not Found" : "Blog", notFound });
  return (
    <section className="hero-art on-dark relative isolate flex min-h-[80vh] items-center overflow-hidden pt-24 pb-16 text-white">
      <HeroDots />
      <div className={`${container} text-center`}>
        <FileQuestion className="mx-auto h-16 w-16 text-purple-300" aria-hidden="true" />
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl">{notFound ? "Post Not Found" : postErrorMessage(error)}</h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-slate-200">
          {notFound ? "The blog post you're looking for doesn't exist or has been moved." : "Please check your connection and try again in a moment."}
        </p>
        <div className="mt-10">
          <BackToBlog onDark />
        </div>
      </div>
    </section>
  );
}

function Related({ current }: { current: BlogPost }) {
  // Chosen by the API: the newest three of the post's category, then the newest others, never this
  // post. Read by the browser, not written into the rendered page: a post's page then depends on
  // the post alone, so saving one post renders no other post's page. Read when the reader nears the
  // end of the post, so loading the page reads, draws and downloads none of it.
  const end = useRef<HTMLDivElement>(null);
  const related = useDeferredData(useRelatedPosts(current.slug, useOnceInView(end, { rootMargin: "800px 0px" }))).data ?? [];
  if (!related.length) return <div ref={end} />;
  return (
    <section aria-labelledby="related-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className={container}>
        <h2 id="related-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          Related Articles
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="related-posts">
          {related.map((p) => (
            <li key={p.id} className="flex">
              <PostCard post={p} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A post as visitors see it; also the private preview's page (`robots` then keeps it out of search). */
export function Article({ post, robots }: { post: BlogPost; robots?: string }) {
  const excerpt = excerptOf(post);
  const image = imageSrc(post.featured_image_url);
  const settings = useSettings();
  const url = `${siteOrigin()}/blog/${post.slug}`;
  const trail: Crumb[] = [
    { to: "/", label: "Home" },
    { to: "/blog", label: "Blog" },
    { to: `/blog/${post.slug}`, label: post.title },
  ];
  const title = post.seo_title?.trim() || post.title;
  const description = post.seo_description?.trim() || excerpt;
  const featured = infoOf(post.images, post.featured_image_url);
  // A link preview is the 1200x630 JPEG of a library image; an external image as it is.
  const socialSource = imageSrc(post.social_image_url) ? post.social_image_url : post.featured_image_url;
  const socialInfo = infoOf(post.images, socialSource);
  const social = socialInfo ? socialImageOf(socialInfo, siteOrigin()) : absoluteImageSrc(imageSrc(socialSource));
  usePageMeta({
    title,
    description,
    image: social,
    preload: featured && imagePreload(featured, slotSizes.article, "wide"),
    type: "article",
    robots,
    publishedTime: post.published_at ?? undefined,
    modifiedTime: post.updated_at,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: title,
        description,
        url,
        mainEntityOfPage: url,
        ...(social ? { image: [social] } : {}),
        ...(post.published_at ? { datePublished: post.published_at } : {}),
        dateModified: post.updated_at,
        author: { "@type": post.author_name ? "Person" : "Organization", name: post.author_name || settings.company_name },
        publisher: { "@type": "Organization", name: settings.company_name, url: siteOrigin() },
      },
      breadcrumbJsonLd(trail),
    ],
  });
  return (
    <>
      <article>
        <header className="hero-art on-dark relative isolate overflow-hidden text-white">
          <HeroDots />
          <div className={`${container} max-w-4xl pt-28 pb-14 sm:pt-32`}>
            <Breadcrumb trail={trail} />
            <div className="mt-8 flex flex-wrap items-center gap-3">
              <CategoryBadge category={post.category} onDark />
              <PostMeta post={post} className="text-slate-200" />
            </div>
            <h1 className="mt-5 text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">{post.title}</h1>
            <p className="mt-5 text-lg leading-relaxed text-slate-200 sm:text-xl">{excerpt}</p>
            <div className="mt-8 flex flex-wrap items-center justify-between gap-4 border-t border-white/15 pt-6">
              <p className="flex items-center gap-3">
                <span aria-hidden="true" className="flex h-11 w-11 items-center justify-center rounded-full bg-linear-to-br from-purple-500 to-blue-500">
                  <User className="h-5 w-5" />
                </span>
                <span>
                  <span className="block text-sm text-slate-300">Written by</span>
                  <span className="block font-semibold">{post.author_name || "Arcline Team"}</span>
                </span>
              </p>
              <ShareButton title={post.title} text={excerpt} />
            </div>
          </div>
        </header>

        <div className={`${container} max-w-4xl py-12 sm:py-16`}>
          {image && (
            <Picture
              src={post.featured_image_url}
              images={post.images}
              alt={post.featured_image_alt ?? ""}
              sizes={slotSizes.article}
              shape="wide"
              priority
              width={1200}
              height={630}
              className="mb-12 aspect-[1200/630] w-full rounded-2xl object-cover shadow-lg"
            />
          )}
          <SafeHtml html={post.content ?? ""} images={post.images} className="text-lg" />
          <div className="mt-14 grid items-start gap-8 border-t border-slate-200 pt-10 md:grid-cols-2">
            <div>
              <p className="text-slate-700">Enjoyed this article? Explore more lessons and case studies from the Arcline team.</p>
              <div className="mt-4">
                <BackToBlog />
              </div>
            </div>
            <StayUpdated />
          </div>
        </div>
      </article>
      <Related current={post} />
    </>
  );
}

export const loader: PageLoader = ({ context, params }) => loadQueries(context, blogQueries.post(params.slug ?? ""));

export default function BlogPostPage() {
  const { slug = "" } = useParams();
  const query = useBlogPost(slug);
  const post = useDeferredData(query);
  const navigate = useNavigate();
  // A moved post's old slug answers with the post (the API's 301, followed): the address bar then
  // shows its current URL, so a copied or shared link is the new one.
  const current = post.data?.slug;
  useEffect(() => {
    if (current && current !== slug) navigate(`/blog/${encodeURIComponent(current)}${window.location.hash}`, { replace: true });
  }, [current, slug, navigate]);
  if (post.data) return <Article key={post.data.id} post={post.data} />;
  if (post.pending) return <Spinner className="min-h-screen" label="Loading article" />;
  return <PostError error={query.error} />;
}
