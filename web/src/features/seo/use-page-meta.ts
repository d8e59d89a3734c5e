import type { PageHead } from "@agency/core/contract/page-head";
import { createContext, useContext, useEffect } from "react";
import { useLocation } from "react-router-dom";
import { clip } from "../../lib/format";
import { siteOrigin } from "../../lib/site-origin";
import { absoluteImageSrc } from "../../lib/image-src";
import { useSettings } from "../content/api";

/** The link preview of a site whose admins have not chosen one (web/public/social.jpg: 1200x630, the logo mark on the hero's colours, 12 KB). */
export const BRAND_SOCIAL_IMAGE = "/social.jpg";

export interface PageMeta {
  /** The page's own name ("About Us"); the home page leaves it out and gets site_title. */
  title?: string;
  /** Defaults to the meta_description setting. */
  description?: string;
  /** An absolute http(s) image URL for link previews; without one, the default social image setting's. */
  image?: string;
  /** The page's LCP image, preloaded from the rendered page's head. */
  preload?: PageHead["preload"];
  type?: "website" | "article";
  /** Articles: ISO times for article:published_time and article:modified_time. */
  publishedTime?: string;
  modifiedTime?: string;
  /** Structured data (schema.org objects) for the rendered page's JSON-LD. */
  jsonLd?: object[];
  /** The page says the address does not exist: the rendered page is served with status 404. */
  notFound?: boolean;
  /** A robots directive for this page only (a private preview's "noindex, nofollow"). */
  robots?: string;
}

/** What a page rendered on the server declared about itself: the head of its HTML file. */
export interface ResolvedMeta extends PageHead {
  notFound: boolean;
}

/** Set only while pages are rendered on the server (entry-server.tsx): the page's meta lands here. */
export const MetaSink = createContext<{ current?: ResolvedMeta } | null>(null);

function setMeta(attr: "name" | "property", key: string, content: string | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!content) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement("meta");
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

function setCanonical(href: string | undefined) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!href) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement("link");
    el.rel = "canonical";
    document.head.appendChild(el);
  }
  el.href = href;
}

/**
 * The <title>, meta description, canonical link and Open Graph tags of the current page, from the
 * site_title and meta_description settings (or the page's own values). On the server they are
 * collected for the rendered file's head; in the browser they are applied as the reader navigates.
 */
export function usePageMeta({ title, description, image, preload, type = "website", publishedTime, modifiedTime, jsonLd, notFound = false, robots }: PageMeta) {
  const settings = useSettings();
  const { pathname } = useLocation();
  const sink = useContext(MetaSink);
  const fullTitle = title ? `${title} | ${settings.company_name}` : settings.site_title;
  const desc = clip(description || settings.meta_description);
  const own = image && /^https?:\/\//i.test(image) ? image : undefined;
  // Every page has a link preview: its own image, else the site's default (already its 1200x630 JPEG),
  // else, until an admin picks one, the brand card shipped with the site.
  const img = own ?? (absoluteImageSrc(settings.default_social_image) || `${siteOrigin()}${BRAND_SOCIAL_IMAGE}`);
  const ogTitle = title ?? fullTitle;

  if (sink) {
    sink.current = {
      title: fullTitle,
      ogTitle,
      description: desc,
      // The not-found page is served at every unknown address: it names none as canonical.
      url: notFound ? undefined : `${siteOrigin()}${pathname}`,
      siteName: settings.company_name,
      image: img,
      preload,
      type,
      publishedTime,
      modifiedTime,
      jsonLd: jsonLd ?? [],
      notFound,
    };
  }

  useEffect(() => {
    const url = notFound ? undefined : `${window.location.origin}${pathname}`;
    document.title = fullTitle;
    setMeta("name", "description", desc);
    setCanonical(url);
    setMeta("property", "og:site_name", settings.company_name);
    setMeta("property", "og:type", type);
    setMeta("property", "og:title", ogTitle);
    setMeta("property", "og:description", desc);
    setMeta("property", "og:url", url);
    setMeta("property", "og:image", img);
    setMeta("property", "article:published_time", type === "article" ? publishedTime : undefined);
    setMeta("property", "article:modified_time", type === "article" ? modifiedTime : undefined);
    setMeta("name", "twitter:card", img ? "summary_large_image" : "summary");
    setMeta("name", "twitter:image", img);
  }, [fullTitle, ogTitle, desc, img, type, pathname, settings.company_name, publishedTime, modifiedTime, notFound]);

  useEffect(() => {
    if (!robots) return;
    setMeta("name", "robots", robots);
    return () => setMeta("name", "robots", undefined);
  }, [robots]);
}
